package laus

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/emojis"
	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	rules "github.com/cardbot/cardbot/engine/laus"
)

// A quiet channel: a match adds two messages to the channel, its lobby
// and its table message. The table message is edited in place from round
// to round, and under the current round it shows the last round's summary
// and picture. After a restart the summary is drawn again from the replayed
// match, so nothing about it needs storing.
//
// Discord caps edits of messages older than an hour (error 30046, "Maximum
// number of edits to messages older than 1 hour reached"; the cap itself is
// not published). So at the end of a round, once the table message is older
// than maxMessageAge, the next round moves to a fresh message and the old
// one is retired: a long match adds one message an hour, a short one none.

// maxMessageAge is how old a table message may grow before a round's end
// moves the table to a fresh one: an hour, less a round's length, so the
// round after it is edited in a message younger than an hour.
const maxMessageAge = 50 * time.Minute

// maxEmbedsText is Discord's limit on the text of all of a message's embeds.
const maxEmbedsText = 6000

// roundSummary is a finished round's summary as the table message shows it,
// kept so that its picture is drawn once, not at every edit.
type roundSummary struct {
	game  string // the match's stored ID
	round int
	r     ui.Rendering
}

// messageOld reports whether the table message is too old to be edited
// through another round. Its age is in its snowflake ID.
func (t *lausTable) messageOld() bool {
	at, err := discordgo.SnowflakeTimestamp(t.Out.MessageID())
	return err == nil && time.Since(at) > maxMessageAge
}

// public renders the table message: the match as it stands and, below it,
// the last round's summary with its picture.
func (t *lausTable) public() ui.Rendering {
	r := lausPublic(t.screen(-1))
	rr, ok := t.match.LastRound()
	if !ok {
		return r
	}
	if t.summary.game != t.GameID || t.summary.round != rr.Round {
		sum := lausSummary(t.ID, t.settings.MatchNo, t.Seats, rr, t.Env.Emojis.Now())
		if embedsText(append(r.Embeds[:len(r.Embeds):len(r.Embeds)], sum.Embeds...)) > maxEmbedsText {
			// Card emojis are long in text: cards in plain text fit.
			sum = lausSummary(t.ID, t.settings.MatchNo, t.Seats, rr, nil)
		}
		t.summary = roundSummary{game: t.GameID, round: rr.Round, r: withRoundPicture(sum, t.ID, t.settings.MatchNo, t.Seats, rr)}
	}
	r.Embeds = append(r.Embeds[:len(r.Embeds):len(r.Embeds)], t.summary.r.Embeds...)
	r.Files = append(r.Files[:len(r.Files):len(r.Files)], t.summary.r.Files...)
	return r
}

// embedsText counts the characters Discord counts against maxEmbedsText.
func embedsText(es []*discordgo.MessageEmbed) int {
	n := 0
	for _, e := range es {
		n += utf8.RuneCountInString(e.Title) + utf8.RuneCountInString(e.Description)
		for _, f := range e.Fields {
			n += utf8.RuneCountInString(f.Name) + utf8.RuneCountInString(f.Value)
		}
		if e.Footer != nil {
			n += utf8.RuneCountInString(e.Footer.Text)
		}
	}
	return n
}

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
	// Two short lines a player, for a phone's screen (bot/internal/golden):
	// what the round scored, then how.
	for i, sr := range rr.Seats {
		fmt.Fprintf(&scores, "%s → round **%d** · total **%d**\n", name(i), sr.Score, sr.Total)
		fmt.Fprintf(&scores, "%d card points · %s", sr.Points.CardPoints, ui.Count(sr.Tricks, "trick", "tricks"))
		var queens []rules.Card
		for _, c := range sr.Pile {
			if c.IsQueen() {
				queens = append(queens, c)
			}
		}
		switch {
		case sr.Points.Cancelled && sr.Points.RawBonus > 0:
			fmt.Fprintf(&scores, " · %s ~~+%d~~ cancelled by Q♦", lausCards(em, queens), sr.Points.RawBonus)
		case sr.Points.Bonus > 0:
			fmt.Fprintf(&scores, " · %s +%d", lausCards(em, queens), sr.Points.Bonus)
		case len(queens) > 0:
			fmt.Fprintf(&scores, " · %s no bonus", lausCards(em, queens))
		}
		if jacks := jacksIn(sr.Pile); len(jacks) > 0 {
			// The round's picture shows each pile's jacks too.
			fmt.Fprintf(&scores, " · %s", lausCards(em, jacks))
		}
		scores.WriteString("\n")
	}
	e := &discordgo.MessageEmbed{
		Title:       fmt.Sprintf("Laus · table %s · match %d · round %d result", tableID, matchNo, rr.Round),
		Description: desc.String(),
		Color:       lausColor,
		Fields:      []*discordgo.MessageEmbedField{{Name: "Scores", Value: strings.TrimSuffix(scores.String(), "\n")}},
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
