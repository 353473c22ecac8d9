package laus_test

import (
	"strings"
	"testing"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/internal/e2e"
)

// TestLausPictures plays the first round of a four-player match and
// checks what people see: the round's summary carries its picture, and
// /laus scoreboard answers with a chart of the totals.
func TestLausPictures(t *testing.T) {
	w := e2e.NewWorld(t)
	alice, bob, carol, dave := w.Player("alice"), w.Player("bob"), w.Player("carol"), w.Player("dave")
	players := []*e2e.Player{alice, bob, carol, dave}
	r, err := alice.U.Slash(w.Ch, "laus new", discordtest.IntOpt("target", 1500), discordtest.IntOpt("turn_timer", 600))
	e2e.Answer(t, r, err)
	lobby := w.TableMessage("Click **Join**")
	for _, p := range players[1:] {
		p.Click(w.Ch.Message(lobby.ID), e2e.Button(lobby, "join", "*"))
	}
	lobby = w.TableMessage(e2e.Named(dave))
	alice.Click(lobby, e2e.Button(lobby, "start", "*"))
	table := w.TableMessage("match 1 · round 1")
	for _, p := range players {
		p.OpenHand(table)
	}

	// Before a round has finished, the scoreboard has nothing to chart.
	r, err = alice.U.Slash(w.Ch, "laus scoreboard")
	if cb := e2e.Answer(t, r, err); cb.Message != nil && len(w.Srv.Attachments(cb.Message.ID)) != 0 {
		t.Errorf("the scoreboard before any round has a chart")
	}

	skatTurns := 0
	var summary *discordtest.Attachment
	findSummary := func() {
		// The summary message, by its title (the table message's events
		// name that title too).
		if ms, _ := summaries(w, 1, 1); len(ms) > 0 {
			pic, _ := w.Picture(ms[0], 600, 300)
			summary = &pic
		}
	}
	for moves := 0; summary == nil; moves++ {
		if moves > 200 {
			t.Fatal("round 1 did not end after 200 moves")
		}
		p, hand := e2e.LausMover(t, w, players)
		if p == nil {
			// A deal can end the match with round 1; the final table
			// shows its summary, so it is there by now.
			if findSummary(); summary == nil {
				t.Fatal("the match ended without round 1's summary")
			}
			break
		}
		e2e.LausMove(t, p, hand, &skatTurns)
		findSummary()
	}
	if !strings.HasPrefix(summary.Filename, "laus-round-") {
		t.Errorf("the summary's picture is %q, want laus-round-….png", summary.Filename)
	}

	r, err = alice.U.Slash(w.Ch, "laus scoreboard")
	board := e2e.Shown(t, r, e2e.Answer(t, r, err))
	chart, _ := w.Picture(board, 500, 250)
	if !strings.HasPrefix(chart.Filename, "laus-totals-") {
		t.Errorf("/laus scoreboard attached %q, want a totals chart", chart.Filename)
	}
	if !strings.Contains(e2e.Text(board), "Round 1") {
		t.Errorf("the scoreboard's text lost its rounds:\n%s", e2e.Text(board))
	}
	w.NoFailures()
}
