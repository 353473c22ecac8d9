package laus_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/internal/e2e"
	"github.com/cardbot/cardbot/bot/ui"
)

var matchIDOnTable = regexp.MustCompile(`Match #([0-9a-f]{16}) · /laus replay match:([0-9a-f]{16})`)

// TestLausHistoryAndReplay plays a match to its end, finds it in the
// history and by autocomplete, and steps through its replay to the end:
// tricks, skat decisions and every round's scoring.
func TestLausHistoryAndReplay(t *testing.T) {
	w := e2e.NewWorld(t)
	alice := w.Player("alice")
	r, err := alice.U.Slash(w.Ch, "laus new", discordtest.IntOpt("target", 100), discordtest.IntOpt("turn_timer", 600))
	e2e.Answer(t, r, err)
	lobby := w.TableMessage("Click **Join**")
	alice.Click(lobby, e2e.Button(lobby, "computer", "*"))
	alice.Click(w.Ch.Message(lobby.ID), e2e.Button(lobby, "computer", "*"))
	alice.Click(w.Ch.Message(lobby.ID), e2e.Button(lobby, "start", "*"))
	alice.OpenHand(w.TableMessage("match 1 · round 1"))
	players := []*e2e.Player{alice}
	skatTurns := 0
	for moves := 0; ; moves++ {
		p, hand := e2e.LausMover(t, w, players)
		if p == nil {
			break
		}
		if moves > 2000 {
			t.Fatal("no end after 2000 moves")
		}
		e2e.LausMove(t, p, hand, &skatTurns)
	}
	final := e2e.Text(w.TableMessage("[Play again]"))
	m := matchIDOnTable.FindStringSubmatch(final)
	if m == nil || m[1] != m[2] {
		t.Fatalf("the finished table does not show its match ID:\n%s", final)
	}
	id := m[1]
	board := e2e.LoadLaus(t, w)

	r, err = alice.U.Slash(w.Ch, "laus history")
	cb := e2e.Answer(t, r, err)
	if text := e2e.Text(cb.Message); !cb.Ephemeral || !strings.Contains(text, id) ||
		!strings.Contains(text, ui.Count(len(board.Board.Rounds), "round", "rounds")) {
		t.Fatalf("/laus history answered (ephemeral %v):\n%s", cb.Ephemeral, text)
	}
	if cs, err := alice.U.Autocomplete(w.Ch, "laus replay", "match", id[:4]); err != nil || len(cs) != 1 || cs[0].Value != id {
		t.Errorf("autocomplete: %v (%v), want the match", cs, err)
	}

	r, err = alice.U.Slash(w.Ch, "laus replay", discordtest.StrOpt("match", id))
	viewer := e2e.Answer(t, r, err).Message
	var told strings.Builder
	scorings := 0
	for {
		told.WriteString(viewer.Embeds[0].Description + "\n")
		if len(viewer.Embeds) == 2 {
			scorings++
		}
		next := discordtest.FindComponent(viewer, e2e.Button(viewer, "replay", "next")).(*discordgo.Button)
		if next.Disabled {
			break
		}
		viewer = alice.Click(viewer, next.CustomID).Message
	}
	if scorings != len(board.Board.Rounds) {
		t.Errorf("the replay showed %d round scorings, the match played %d rounds", scorings, len(board.Board.Rounds))
	}
	text := told.String()
	for _, want := range []string{"the skat", "taken by", "Match over"} {
		if !strings.Contains(text, want) {
			t.Errorf("the replay never says %q", want)
		}
	}
	// The last step names the loser as the match did.
	for _, l := range board.Board.Losers {
		if who := board.Board.Game.Seats[l]; !who.Computer && (who.Name == "" || !strings.Contains(viewer.Embeds[0].Description, ui.EscapeName(who.Name))) {
			t.Errorf("the last step does not name the loser %q:\n%s", who.Name, viewer.Embeds[0].Description)
		}
	}
	// A running match is refused.
	alice.Click(w.TableMessage("[Play again]"), e2e.Button(w.TableMessage("[Play again]"), "again", "*"))
	live, err := w.St.LiveGames(t.Context())
	if err != nil || len(live) != 1 {
		t.Fatalf("live matches %v (%v)", live, err)
	}
	r, err = alice.U.Slash(w.Ch, "laus replay", discordtest.StrOpt("match", live[0].ID))
	if m := e2e.Reply(t, r, err); !strings.Contains(e2e.Text(m), "is still being played") || len(m.Embeds) != 0 {
		t.Errorf("a running match's replay answered:\n%s", e2e.Text(m))
	}
	w.NoFailures()
}
