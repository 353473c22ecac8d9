package laus

import (
	"testing"
	"time"

	"github.com/cardbot/cardbot/bot/emojis"
	"github.com/cardbot/cardbot/bot/internal/golden"
	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/laro"
	"github.com/cardbot/cardbot/bot/table"
	rules "github.com/cardbot/cardbot/engine/laus"
)

// viewSeats are the seats of every rendered view.
var viewSeats = []table.Seat{{UserID: "111", Name: "ann"}, {UserID: "222", Name: "ben"}, {Computer: true, Name: "Ada"}}

func TestViewsLaus(t *testing.T) {
	m, err := rules.NewMatch(rules.MatchConfig{Seats: 3, Target: 500}, 11)
	if err != nil {
		t.Fatal(err)
	}
	settings := lausSettings{Target: 500, TurnTimerS: 90, MatchNo: 1}
	screen := func(viewer int) lausScreen {
		// With a turn's deadline, as a live table has one: its timestamp
		// takes a phone's width too.
		return lausScreen{TableID: "xyz789", MatchNo: 1, Version: len(m.Log()), Seats: viewSeats, Settings: settings,
			View: m.View(viewer), Events: []string{"Match 1 dealt; 🤖 Ada deals.", "♻️ cardbot restarted; the match goes on."}, Deadline: time.Unix(1795630123, 0)}
	}
	golden.Check(t, "laus_public_skat", lausPublic(screen(-1)))
	golden.Check(t, "laus_hand_skat", lausHand(screen(m.Turn())))
	// Look, then lay back: the hand offers the lay-back menu.
	if err := m.Apply(rules.Look{Seat: m.Turn()}); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "laus_hand_layback", lausHand(screen(m.Turn())))
	trickShown := false
	for m.Round() == 1 {
		a, _ := rules.Decide(rules.Computer{}, m.View(m.Turn()))
		if err := m.Apply(a); err != nil {
			t.Fatal(err)
		}
		if !trickShown && m.Phase() == rules.PhasePlay && len(m.View(0).Trick.Played()) == 2 {
			trickShown = true
			golden.Check(t, "laus_public_trick", lausPublic(screen(-1)))
			// ann is away: the computer keeps her seat, which her seat and
			// the events say, and the table offers I'm back.
			away := screen(-1)
			away.AFK = []bool{true, false, false}
			away.Events = timeoutLines(lang.English, viewSeats[0].Label(), true)
			golden.Check(t, "laus_public_away", lausPublic(away))
			pictured := screen(m.Turn())
			pictured.Emojis = fixedEmojis()
			golden.Check(t, "laus_hand_play_emojis", lausHand(pictured))
		}
	}
	rr, ok := m.LastRound()
	if !ok {
		t.Fatal("no finished round")
	}
	golden.Check(t, "laus_summary", lausSummary(lang.English, "xyz789", 1, viewSeats, rr, nil))
	golden.Check(t, "laus_summary_emojis", lausSummary(lang.English, "xyz789", 1, viewSeats, rr, fixedEmojis()))
	for !m.Over() {
		a, _ := rules.Decide(rules.Computer{}, m.View(m.Turn()))
		if err := m.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	final := screen(-1)
	final.GameID = "0123456789abcdef"
	golden.Check(t, "laus_public_over", lausPublic(final))
}

// fixedEmojis is a complete emoji set with the IDs the goldens were drawn
// with: IDs go by position, and in the bot's catalog Laro's faces come first.
func fixedEmojis() *emojis.Set { return emojis.Fixed(append(laro.Faces(), Faces()...)...) }

// The summary message at its longest: four players, card emojis, and the
// match's end. It still fits a phone's screen (golden.Check).
func TestViewLausSummaryOfAFourPlayerMatchsEnd(t *testing.T) {
	m, err := rules.NewMatch(rules.MatchConfig{Seats: 4, Target: 300}, 5)
	if err != nil {
		t.Fatal(err)
	}
	for !m.Over() {
		a, _ := rules.Decide(rules.Computer{}, m.View(m.Turn()))
		if err := m.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	rr, _ := m.LastRound()
	seats := append(viewSeats[:3:3], table.Seat{UserID: "444", Name: "dora"})
	golden.Check(t, "laus_summary_over_4", lausSummary(lang.English, "xyz789", 2, seats, rr, fixedEmojis()))
}
