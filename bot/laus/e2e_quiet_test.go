package laus_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/internal/e2e"
	"github.com/cardbot/cardbot/bot/internal/golden"
	"github.com/cardbot/cardbot/bot/ui"
)

// TestLausMatchKeepsTheChannelQuiet plays a whole match to the default
// target from the hand that arrives at Start: the channel gets the lobby,
// one table message and one summary message, both edited from round to
// round, and every version of each fits a phone's screen.
func TestLausMatchKeepsTheChannelQuiet(t *testing.T) {
	// Dealt from a fixed seed: a random deal can end the match in its first
	// round (a queen penalty past the target), and this test needs several.
	// Seed 1's match, played as lausPlayOut plays, lasts 4 rounds.
	w := e2e.NewWorld(t, e2e.Seed(1))
	alice := w.Player("alice")
	r, err := alice.U.Slash(w.Ch, "laus new", discordtest.IntOpt("turn_timer", 600))
	e2e.Answer(t, r, err)
	lobby := w.TableMessage("Click **Join**")
	alice.Click(lobby, e2e.Button(lobby, "computer", "*"))
	alice.Click(lobby, e2e.Button(lobby, "computer", "*"))
	alice.Click(lobby, e2e.Button(lobby, "start", "*"))
	alice.WaitHand("the hand dealt at Start", func(m *discordgo.Message) bool {
		return strings.Contains(e2e.Text(m), "The game has started")
	})
	lausPlayOut(t, w, alice)
	final := w.TableMessage("[Play again]")
	f := e2e.LoadLaus(t, w)
	if len(f.Board.Rounds) < 2 {
		t.Fatalf("the match had %d round(s); this test needs several", len(f.Board.Rounds))
	}
	waitSummary(t, w, len(f.Board.Rounds))
	ms, _ := summaries(w, 1, len(f.Board.Rounds))
	last := ms[0]
	posts := map[string]bool{}
	shown := map[int]bool{} // rounds whose summary the summary message showed
	for _, m := range w.Ch.History() {
		posts[m.ID] = true
		r := ui.Rendering{Content: m.Content, Embeds: m.Embeds}
		if n := golden.PhoneLines(r); n > golden.MaxPublicLines {
			t.Errorf("a channel message took %d lines on a phone, more than %d:\n%s", n, golden.MaxPublicLines, e2e.Text(m))
		}
		for _, e := range m.Embeds {
			i := strings.LastIndex(e.Title, "round ")
			var round int
			if _, err := fmt.Sscanf(e.Title[max(i, 0):], "round %d result", &round); i >= 0 && err == nil && m.ID == last.ID {
				shown[round] = true
			}
		}
	}
	t.Logf("%d rounds, %d channel messages", len(f.Board.Rounds), len(posts))
	if len(posts) > 3 {
		t.Errorf("a match of %d rounds posted %d channel messages, want at most 3", len(f.Board.Rounds), len(posts))
	}
	for _, rd := range f.Board.Rounds {
		if !shown[rd.Round] {
			t.Errorf("the summary message never showed round %d's summary", rd.Round)
		}
	}
	if last.ID == final.ID {
		t.Error("the summary is in the table message, want a message of its own")
	}
	if !strings.Contains(e2e.Text(last), "Match over") {
		t.Errorf("the last summary does not say the match is over:\n%s", e2e.Text(last))
	}
	w.NoFailures()
}
