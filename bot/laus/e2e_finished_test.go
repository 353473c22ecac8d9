package laus_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/internal/e2e"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

func TestLausFinishedTableIsRebuiltAfterACrash(t *testing.T) {
	w := e2e.NewWorld(t)
	alice := w.Player("alice")
	lausSoloTableOnChannel(t, w, alice, 100, 600)
	hand, round := playToTheMatchsLastCard(t, w, alice)

	// The match's last card is stored, with the match's result, but no
	// channel message about it reaches Discord before the bot stops: not
	// the summary, nor the final table message with Play again.
	w.RefuseChannel(true)
	alice.Click(hand, e2e.Button(hand, "play", "*"))
	f := waitRound(t, w, round)
	if f.Board.Game.Status != store.StatusFinished {
		t.Fatalf("the match is %s after its last round, want finished", f.Board.Game.Status)
	}
	w.Stop()
	w.RefuseChannel(false)
	for _, m := range w.Ch.Messages() {
		if e2e.Button(m, "again", "") != "" {
			t.Fatalf("Play again reached the channel before the stop; nothing was lost:\n%s", e2e.Text(m))
		}
	}
	w.Start()

	// The table is back as it was after the match: the final table message
	// shows the result and Play again, the summary message the last round.
	final := w.TableMessage("[Play again]")
	text := e2e.Text(final)
	seat := e2e.SeatOfUser(f, alice)
	for _, want := range []string{
		fmt.Sprintf("match 1 · round %d", round),
		"Match over** after " + ui.Count(round, "round", "rounds"),
		fmt.Sprintf("%s — **%d**", e2e.Named(alice), f.Match.Totals()[seat]),
		"Match #" + f.Board.Game.ID,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the rebuilt final table message does not show %q:\n%s", want, text)
		}
	}
	if sum := checkSummary(t, w, f.Board.Rounds[round-1]); sum.ID == final.ID || !strings.Contains(e2e.Text(sum), "Match over") {
		t.Errorf("the summary message does not show the match's end:\n%s", e2e.Text(sum))
	}
	if n := len(slices.DeleteFunc(w.Ch.Messages(), func(m *discordgo.Message) bool { return e2e.Button(m, "again", "") == "" })); n != 1 {
		t.Errorf("%d messages offer Play again, want 1", n)
	}

	// The result was stored once, with the last card: the restart stored none.
	stats, err := w.St.LausTable(t.Context(), w.Guild.ID())
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(stats, func(s store.LausPlayerStats) bool { return s.User == alice.U.ID() })
	if i < 0 || stats[i].Matches != 1 || stats[i].Rounds != round {
		t.Errorf("alice's stats %+v, want 1 match of %d rounds", stats, round)
	}

	// Play again starts match 2 at the same table.
	alice.Click(final, e2e.Button(final, "again", ""))
	next := w.TableMessage("match 2 · round 1")
	if !strings.Contains(e2e.Text(next), e2e.Named(alice)) {
		t.Errorf("match 2 does not seat alice:\n%s", e2e.Text(next))
	}
	w.NoFailures()
}
