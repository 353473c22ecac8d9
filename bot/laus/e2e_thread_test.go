package laus_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/internal/e2e"
)

func TestLausMatchPlayedInAThread(t *testing.T) {
	w := e2e.NewWorld(t)
	alice, bob := w.Player("alice"), w.Player("bob")
	players := []*e2e.Player{alice, bob}
	r, err := alice.U.Slash(w.Ch, "laus new", discordtest.IntOpt("target", 100), discordtest.BoolOpt("thread", true))
	e2e.Answer(t, r, err)
	lobby := w.TableMessage("Click **Join**")
	bob.Click(lobby, e2e.Button(lobby, "join", "*"))
	alice.Click(lobby, e2e.Button(lobby, "computer", "*"))
	alice.Click(lobby, e2e.Button(lobby, "computer", "*"))
	alice.Click(lobby, e2e.Button(lobby, "start", "*"))

	th := w.Thread(w.Ch, 1)
	if th.ID() != lobby.ID || !strings.Contains(th.Name(), "Laus · table") || !strings.Contains(th.Name(), "match 1") {
		t.Fatalf("thread %q (%s) was not started from the lobby %s and named after the table", th.Name(), th.ID(), lobby.ID)
	}
	table := w.MessageIn(th, "match 1 · round 1")
	for _, p := range players {
		p.OpenHand(table)
	}
	skatTurns, moves := 0, 0
	for {
		p, hand := e2e.LausMover(t, w, players)
		if p == nil {
			break
		}
		if cb := e2e.LausMove(t, p, hand, &skatTurns); strings.Contains(e2e.Text(cb.Message), "⚠️") {
			t.Fatalf("%s's move was refused:\n%s", p.U.Name(), e2e.Text(cb.Message))
		}
		if moves++; moves > 2000 {
			t.Fatal("no end after 2000 moves")
		}
	}
	// Every round's summary was shown in the thread (in its summary
	// message, in turn), none in the channel. The thread is archived
	// last, once everything queued for it has been sent.
	w.WaitArchived(th)
	f := e2e.LoadLaus(t, w)
	// The last move's answer comes before the table message's paced edit:
	// wait for that edit, which shows the last round's summary.
	w.MessageIn(th, fmt.Sprintf("round %d result", len(f.Match.Results())))
	shown := map[string]bool{}
	for _, m := range th.History() {
		for _, e := range m.Embeds {
			if strings.HasPrefix(e.Title, "Laus ") && strings.HasSuffix(e.Title, "result") {
				shown[e.Title] = true
			}
		}
	}
	if rounds, summaries := len(f.Match.Results()), len(shown); summaries != rounds {
		t.Errorf("the thread shows %d round summaries, want %d", summaries, rounds)
	}
	for _, m := range w.Ch.Messages() {
		if e2e.Button(m, "hand", "*") != "" || strings.Contains(e2e.Text(m), "result") && m.ID != lobby.ID {
			t.Errorf("the channel shows a table or summary message:\n%s", e2e.Text(m))
		}
	}
	result := w.MessageIn(w.Ch, "[Play again]")
	if result.ID != lobby.ID || !strings.Contains(e2e.Text(result), "https://discord.com/channels/"+w.Guild.ID()+"/"+th.ID()) {
		t.Errorf("the lobby message does not show the result with the thread's link:\n%s", e2e.Text(result))
	}
	// The scoreboard asked inside the thread shows the match played there.
	r, err = bob.U.Slash(th, "laus scoreboard")
	if m := e2e.Reply(t, r, err); !strings.Contains(e2e.Text(m), "match 1 (finished)") {
		t.Errorf("/laus scoreboard in the thread answered:\n%s", e2e.Text(m))
	}
	w.NoFailures()
}
