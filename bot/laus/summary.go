package laus

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/emojis"
	"github.com/cardbot/cardbot/bot/lang"
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
	if t.sum.drawn.game == t.GameID && t.sum.drawn.round == rr.Round && t.sum.drawn.lang == t.Lang {
		return t.sum.drawn.r
	}
	sum := lausSummary(t.Lang, t.ID, t.settings.MatchNo, t.Seats, rr, t.Env.Emojis.Now())
	if embedsText(sum.Embeds) > maxEmbedsText {
		// Card emojis are long in text: cards in plain text fit.
		sum = lausSummary(t.Lang, t.ID, t.settings.MatchNo, t.Seats, rr, nil)
	}
	r := withRoundPicture(t.Lang, sum, t.ID, t.settings.MatchNo, t.Seats, rr)
	t.sum.drawn = roundSummary{game: t.GameID, round: rr.Round, lang: t.Lang, r: r}
	return r
}

// roundSummary is a finished round's summary as drawn, kept so that its
// picture is drawn once, not at every redraw.
type roundSummary struct {
	game  string // the match's stored ID
	round int
	lang  lang.Lang // the server's language when it was drawn
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
// where it has them. It is public: l is the server's language.
func lausSummary(l lang.Lang, tableID string, matchNo int, seats []table.Seat, rr rules.RoundResult, em *emojis.Set) ui.Rendering {
	name := func(i int) string {
		if i < 0 || i >= len(seats) {
			return l.T("laus.nobody")
		}
		return seats[i].Label()
	}
	m := rr.Multiplier
	var desc []string
	switch {
	case m.Slam >= 0:
		line := l.T("laus.summary.slam", "Who", name(m.Slam))
		if m.Passes > 0 {
			line += fmt.Sprintf(" × %d (%s)", m.Factor, l.N("laus.count.skat_passes", m.Passes))
		}
		desc = append(desc, line+l.T("laus.summary.slam_others"))
	case m.Factor == 1:
		desc = append(desc, l.T("laus.summary.times_one"))
	default:
		var why []string
		if m.Passes > 0 {
			why = append(why, l.N("laus.count.skat_passes", m.Passes))
		}
		if m.NoTrick > 0 {
			var none []string
			for i, sr := range rr.Seats {
				if sr.Tricks == 0 {
					none = append(none, name(i))
				}
			}
			why = append(why, l.T("laus.summary.no_trick", "Names", strings.Join(none, ", ")))
		}
		desc = append(desc, fmt.Sprintf("**×%d**: %s.", m.Factor, strings.Join(why, " · ")))
	}
	if rr.SkatTo >= 0 {
		desc = append(desc, l.T("laus.summary.skat", "Cards", lausCards(l, em, rr.Skat), "Who", name(rr.SkatTo)))
	}
	if rr.MatchOver {
		names := make([]string, len(rr.Losers))
		for i, loser := range rr.Losers {
			names[i] = name(loser)
		}
		id := "laus.summary.over_one"
		if len(names) > 1 {
			id = "laus.summary.over_tied"
		}
		desc = append(desc, l.T(id, "Names", joinAnd(l, names)))
	}
	var scores strings.Builder
	// Two short lines a player: what the round scored, then how.
	for i, sr := range rr.Seats {
		scores.WriteString(l.T("laus.summary.seat", "Who", name(i), "Score", sr.Score, "Total", sr.Total) + "\n")
		scores.WriteString(l.T("laus.summary.points", "Points", sr.Points.CardPoints) + " · " + l.N("laus.count.tricks", sr.Tricks))
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
			fmt.Fprintf(&scores, " · %s ~~+%d~~ %s", lausCards(l, em, queens), sr.Points.RawBonus, l.T("laus.summary.cancelled"))
		case sr.Points.Bonus > 0:
			fmt.Fprintf(&scores, " · %s +%d", lausCards(l, em, queens), sr.Points.Bonus)
		case len(queens) > 0:
			fmt.Fprintf(&scores, " · %s +0", lausCards(l, em, queens))
		}
		if jacks := jacksIn(sr.Pile); len(jacks) > 0 {
			// The round's picture shows each pile's jacks too.
			fmt.Fprintf(&scores, " · %s", lausCards(l, em, jacks))
		}
		scores.WriteString("\n")
	}
	e := &discordgo.MessageEmbed{
		// Short enough for one line on a phone; the title names the table,
		// match and round, which also tells summaries apart (table.postedCopy).
		Title:       l.T("laus.summary.title", "Table", tableID, "Match", matchNo, "Round", rr.Round),
		Description: strings.Join(desc, "\n"),
		Color:       lausColor,
		Fields:      []*discordgo.MessageEmbedField{{Name: l.T("laus.summary.scores"), Value: strings.TrimSuffix(scores.String(), "\n")}},
	}
	em.Fit(e)
	return ui.Rendering{Embeds: []*discordgo.MessageEmbed{e}}
}
