package laus

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/emojis"
	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	rules "github.com/cardbot/cardbot/engine/laus"
)

// lausSummary renders the public account of a finished round: every
// player's card points, queen bonuses, tricks, the multiplier and why, the
// round scores and the totals. The round is over, so the skat may be shown.
// Cards show as their emojis from em where it has them.
func lausSummary(tableID string, matchNo int, seats []table.Seat, rr rules.RoundResult, em *emojis.Set) ui.Rendering {
	name := func(i int) string {
		if i < 0 || i >= len(seats) {
			return "nobody"
		}
		return seats[i].Label()
	}
	m := rr.Multiplier
	var desc strings.Builder
	switch {
	case m.Slam >= 0:
		fmt.Fprintf(&desc, "🎯 %s took **every trick**: they score −120", name(m.Slam))
		if m.Passes > 0 {
			fmt.Fprintf(&desc, " × %d for %s", m.Factor, ui.Count(m.Passes, "skat pass", "skat passes"))
		}
		desc.WriteString(", everyone else 0.")
	case m.Factor == 1:
		desc.WriteString("Multiplier **×1**: nobody passed the skat and everyone took a trick.")
	default:
		var why []string
		if m.Passes > 0 {
			why = append(why, ui.Count(m.Passes, "skat pass", "skat passes"))
		}
		if m.NoTrick > 0 {
			var none []string
			for i, sr := range rr.Seats {
				if sr.Tricks == 0 {
					none = append(none, name(i))
				}
			}
			why = append(why, fmt.Sprintf("%s without a trick (%s)", ui.Count(m.NoTrick, "player", "players"), strings.Join(none, ", ")))
		}
		fmt.Fprintf(&desc, "Multiplier **×%d**: doubled for %s.", m.Factor, strings.Join(why, " and "))
	}
	if rr.SkatTo >= 0 {
		fmt.Fprintf(&desc, "\nThe skat, **%s**, went to %s with the last trick.", lausCards(em, rr.Skat), name(rr.SkatTo))
	}
	var scores strings.Builder
	for i, sr := range rr.Seats {
		fmt.Fprintf(&scores, "%s: %d card points", name(i), sr.Points.CardPoints)
		var queens []rules.Card
		for _, c := range sr.Pile {
			if c.IsQueen() {
				queens = append(queens, c)
			}
		}
		switch {
		case sr.Points.Cancelled && sr.Points.RawBonus > 0:
			fmt.Fprintf(&scores, " · queen bonus ~~+%d~~ cancelled by Q♦ (%s)", sr.Points.RawBonus, lausCards(em, queens))
		case sr.Points.Bonus > 0:
			fmt.Fprintf(&scores, " · queen bonus +%d (%s)", sr.Points.Bonus, lausCards(em, queens))
		case len(queens) > 0:
			fmt.Fprintf(&scores, " · queens %s, no bonus", lausCards(em, queens))
		}
		if jacks := jacksIn(sr.Pile); len(jacks) > 0 {
			// The round's picture shows each pile's jacks too.
			fmt.Fprintf(&scores, " · jacks %s", lausCards(em, jacks))
		}
		fmt.Fprintf(&scores, " · %s → round **%d** · total **%d**\n", ui.Count(sr.Tricks, "trick", "tricks"), sr.Score, sr.Total)
	}
	e := &discordgo.MessageEmbed{
		Title:       fmt.Sprintf("Laus · table %s · match %d · round %d result", tableID, matchNo, rr.Round),
		Description: desc.String(),
		Color:       lausColor,
		Fields:      []*discordgo.MessageEmbedField{{Name: "Scores", Value: scores.String()}},
	}
	if rr.MatchOver {
		names := make([]string, len(rr.Losers))
		for i, l := range rr.Losers {
			names[i] = name(l)
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Match over",
			Value: fmt.Sprintf("A total reached the target. Highest total, and so the match's loser: %s.", strings.Join(names, " and "))})
	}
	em.Fit(e)
	return ui.Rendering{Embeds: []*discordgo.MessageEmbed{e}}
}
