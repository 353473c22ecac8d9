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

// A round's summary is the public account of a finished round. It lives in
// a message of its own beside the table message, so that neither outgrows a
// phone's screen (see summary_message.go for how that message is posted,
// edited from round to round and found again after a restart).

// Discord caps edits of messages older than an hour (error 30046, "Maximum
// number of edits to messages older than 1 hour reached"; the cap itself is
// not published). So at the end of a round, once the table message is older
// than maxMessageAge, the next round moves to a fresh message and the old
// one is retired: a long match adds one message an hour, a short one none.
// The summary message moves on the same way (see newSummaryMessage).

// maxMessageAge is how old a table message may grow before a round's end
// moves the table to a fresh one: an hour, less a round's length, so the
// round after it is edited in a message younger than an hour.
const maxMessageAge = 50 * time.Minute

// maxEmbedsText is Discord's limit on the text of all of a message's embeds.
const maxEmbedsText = 6000

// messageOld reports whether the table message is too old to be edited
// through another round. Its age is in its snowflake ID.
func (t *lausTable) messageOld() bool { return snowflakeOld(t.Out.MessageID()) }

// snowflakeOld reports whether the message with ID id is older than
// maxMessageAge ("" is no message, so not old).
func snowflakeOld(id string) bool {
	at, err := discordgo.SnowflakeTimestamp(id)
	return id != "" && err == nil && time.Since(at) > maxMessageAge
}

// public renders the table message: the match as it stands. The last
// round's summary is in the summary message.
func (t *lausTable) public() ui.Rendering { return lausPublic(t.screen(-1)) }

// summaryView renders the summary message of round rr, with its picture,
// drawn once a round (the picture is the costly part).
func (t *lausTable) summaryView(rr rules.RoundResult) ui.Rendering {
	if t.sum.drawn.game == t.GameID && t.sum.drawn.round == rr.Round {
		return t.sum.drawn.r
	}
	sum := lausSummary(t.ID, t.settings.MatchNo, t.Seats, rr, t.Env.Emojis.Now())
	if embedsText(sum.Embeds) > maxEmbedsText {
		// Card emojis are long in text: cards in plain text fit.
		sum = lausSummary(t.ID, t.settings.MatchNo, t.Seats, rr, nil)
	}
	r := withRoundPicture(sum, t.ID, t.settings.MatchNo, t.Seats, rr)
	t.sum.drawn = roundSummary{game: t.GameID, round: rr.Round, r: r}
	return r
}

// roundSummary is a finished round's summary as drawn, kept so that its
// picture is drawn once, not at every redraw.
type roundSummary struct {
	game  string // the match's stored ID
	round int
	r     ui.Rendering
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
// player's round score and total, card points, tricks and queen bonus, the
// multiplier and why, the skat (the round is over, so it may be shown) and,
// at the match's end, its loser. It fits a phone's screen (see
// bot/internal/golden): a line for the multiplier, one for the skat, one
// for the match's end, and two a player. Cards show as their emojis from em
// where it has them.
func lausSummary(tableID string, matchNo int, seats []table.Seat, rr rules.RoundResult, em *emojis.Set) ui.Rendering {
	name := func(i int) string {
		if i < 0 || i >= len(seats) {
			return "nobody"
		}
		return seats[i].Label()
	}
	m := rr.Multiplier
	var desc []string
	switch {
	case m.Slam >= 0:
		line := fmt.Sprintf("🎯 %s took **every trick**: −120", name(m.Slam))
		if m.Passes > 0 {
			line += fmt.Sprintf(" × %d (%s)", m.Factor, ui.Count(m.Passes, "skat pass", "skat passes"))
		}
		desc = append(desc, line+", others 0.")
	case m.Factor == 1:
		desc = append(desc, "**×1**: no skat pass, all took a trick.")
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
			why = append(why, "no trick: "+strings.Join(none, ", "))
		}
		desc = append(desc, fmt.Sprintf("**×%d**: %s.", m.Factor, strings.Join(why, " · ")))
	}
	if rr.SkatTo >= 0 {
		desc = append(desc, fmt.Sprintf("Skat **%s** → %s (last trick).", lausCards(em, rr.Skat), name(rr.SkatTo)))
	}
	if rr.MatchOver {
		names := make([]string, len(rr.Losers))
		for i, l := range rr.Losers {
			names[i] = name(l)
		}
		verb := "loses"
		if len(names) > 1 {
			verb = "lose, tied"
		}
		desc = append(desc, fmt.Sprintf("🏁 **Match over**: highest total, %s %s.", strings.Join(names, " and "), verb))
	}
	var scores strings.Builder
	// Two short lines a player: what the round scored, then how.
	for i, sr := range rr.Seats {
		fmt.Fprintf(&scores, "%s → round **%d** · total **%d**\n", name(i), sr.Score, sr.Total)
		fmt.Fprintf(&scores, "%d pts · %s", sr.Points.CardPoints, ui.Count(sr.Tricks, "trick", "tricks"))
		var queens []rules.Card
		for _, c := range sr.Pile {
			if c.IsQueen() {
				queens = append(queens, c)
			}
		}
		switch {
		case sr.Points.Cancelled && sr.Points.RawBonus > 0:
			// Q♦ in the same pile cancelled the bonus: struck through,
			// and said in words for a screen reader.
			fmt.Fprintf(&scores, " · %s ~~+%d~~ cancelled", lausCards(em, queens), sr.Points.RawBonus)
		case sr.Points.Bonus > 0:
			fmt.Fprintf(&scores, " · %s +%d", lausCards(em, queens), sr.Points.Bonus)
		case len(queens) > 0:
			fmt.Fprintf(&scores, " · %s +0", lausCards(em, queens))
		}
		if jacks := jacksIn(sr.Pile); len(jacks) > 0 {
			// The round's picture shows each pile's jacks too.
			fmt.Fprintf(&scores, " · %s", lausCards(em, jacks))
		}
		scores.WriteString("\n")
	}
	e := &discordgo.MessageEmbed{
		// Short enough for one line on a phone; the title names the table,
		// match and round, which also tells summaries apart (table.postedCopy).
		Title:       fmt.Sprintf("Laus %s · match %d · round %d result", tableID, matchNo, rr.Round),
		Description: strings.Join(desc, "\n"),
		Color:       lausColor,
		Fields:      []*discordgo.MessageEmbedField{{Name: "Scores", Value: strings.TrimSuffix(scores.String(), "\n")}},
	}
	em.Fit(e)
	return ui.Rendering{Embeds: []*discordgo.MessageEmbed{e}}
}
