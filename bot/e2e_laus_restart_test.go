package bot_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cardbot/cardbot/bot/discordtest"
)

// lausSoloTable opens a Laus table for p with two computer players and
// starts it, returning the first round's table message.
func lausSoloTable(t *testing.T, w *world, p *player, target, turnTimer int64) {
	t.Helper()
	r, err := p.u.Slash(w.ch, "laus new", discordtest.IntOpt("target", target), discordtest.IntOpt("turn_timer", turnTimer))
	answer(t, r, err)
	lobby := w.tableMessage("Click **Join**")
	p.click(lobby, button(lobby, "computer", "*"))
	p.click(lobby, button(lobby, "computer", "*"))
	p.click(lobby, button(lobby, "start", "*"))
}

// lausPlayOut plays p's moves until the match is over.
func lausPlayOut(t *testing.T, w *world, p *player) {
	t.Helper()
	skat := 0
	for moves := 0; ; moves++ {
		q, hand := lausMover(t, w, []*player{p})
		if q == nil {
			return
		}
		if cb := lausMove(t, p, hand, &skat); strings.Contains(text(cb.Message), "⚠️") {
			t.Fatalf("%s's move was refused:\n%s", p.u.Name(), text(cb.Message))
		}
		if moves > 500 {
			t.Fatal("no end after 500 moves")
		}
	}
}

func TestLausScoreboardShowsTheFinishedMatchOverANewLobby(t *testing.T) {
	w := newWorld(t)
	alice := w.player("alice")
	lausSoloTable(t, w, alice, 100, 600)
	alice.openHand(w.tableMessage("match 1 · round 1"))
	lausPlayOut(t, w, alice)
	w.tableMessage("[Play again]")
	f := loadLaus(t, w)
	if len(f.board.Rounds) == 0 {
		t.Fatal("the finished match has no stored round")
	}

	// A new lobby in the same channel: the scoreboard still shows the match
	// that was played here, round by round, not the empty lobby.
	r, err := alice.u.Slash(w.ch, "laus new")
	answer(t, r, err)
	w.tableMessage("Click **Join**")
	r, err = alice.u.Slash(w.ch, "laus scoreboard")
	sb := text(answer(t, r, err).Message)
	if strings.Contains(sb, "waiting to start") || strings.Contains(sb, "No round has finished yet") {
		t.Errorf("the scoreboard shows the new lobby:\n%s", sb)
	}
	if want := fmt.Sprintf("table %s · match 1 (finished)", f.board.Game.TableID); !strings.Contains(sb, want) {
		t.Errorf("the scoreboard does not name %q:\n%s", want, sb)
	}
	for _, rd := range f.board.Rounds {
		if !strings.Contains(sb, fmt.Sprintf("Round %d ×%d:", rd.Round, rd.Multiplier)) {
			t.Errorf("the scoreboard has no line for round %d ×%d:\n%s", rd.Round, rd.Multiplier, sb)
		}
	}
	last := f.board.Rounds[len(f.board.Rounds)-1]
	for _, sc := range last.Scores {
		if !strings.Contains(sb, fmt.Sprintf("total **%d**", sc.Total)) {
			t.Errorf("the scoreboard does not show seat %d's total %d:\n%s", sc.Seat, sc.Total, sb)
		}
	}
	w.noFailures()
}
