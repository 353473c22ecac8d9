package bot_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot"
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

// lausSeatLog counts, in the stored log of the channel's latest Laus
// match, seat's moves made because their turn timer ran out and the "I'm
// back" records of seat, and returns the last record's seq.
func lausSeatLog(t *testing.T, w *world, seat int) (timedOut, back int, last int64) {
	t.Helper()
	f := loadLaus(t, w)
	for _, r := range f.recs[1:] {
		if a, to, ok := lausLogAction(t, r.Data); ok && to && a.Actor() == seat {
			timedOut++
		}
		if string(r.Data) == fmt.Sprintf("back %d", seat) {
			back++
		}
	}
	return timedOut, back, f.recs[len(f.recs)-1].Seq
}

func TestLausAbsentPlayerStaysAbsentAcrossRestarts(t *testing.T) {
	// A turn lasts 15 × 20 ms: long enough to stop the bot between two of
	// alice's timeouts, short enough to sit three of them out.
	w := newWorld(t, func(o *bot.Options) { o.TurnTimerUnit = 20 * time.Millisecond })
	alice := w.player("alice")
	lausSoloTable(t, w, alice, 100000, 15)
	alice.openHand(w.tableMessage("match 1 · round 1"))
	seat := seatOfUser(loadLaus(t, w), alice)

	// Two timeouts, then a restart: the count survives it, so the third
	// timeout after the restart hands alice's seat to the computer.
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		if n, _, _ := lausSeatLog(t, w, seat); n >= 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("alice never timed out twice")
		}
	}
	w.stop()
	w.start()
	if n, _, _ := lausSeatLog(t, w, seat); n != 2 {
		t.Fatalf("the bot stopped after %d timeouts of alice's, want 2", n)
	}
	hand := alice.waitHand("the I'm back button", func(m *discordgo.Message) bool { return button(m, "resume", "*") != "" })
	if n, _, _ := lausSeatLog(t, w, seat); n != 3 {
		t.Errorf("the computer took alice's seat after %d timeouts, want 3 (two before the restart, one after)", n)
	}

	// A restart while the computer keeps her seat: it still does.
	_, _, before := lausSeatLog(t, w, seat)
	w.restart()
	table := w.tableMessage("restarted")
	if !strings.Contains(text(table), "computer stands in") {
		t.Errorf("after the restart the table does not show the computer standing in for alice:\n%s", text(table))
	}
	hand = alice.openHand(table)
	if button(hand, "resume", "*") == "" || !strings.Contains(text(hand), "computer is playing your seat") {
		t.Fatalf("after the restart alice's hand offers no I'm back:\n%s", text(hand))
	}
	// Her turns are played at once, not after her turn timer (300 ms).
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		f := loadLaus(t, w)
		moves := 0
		for i, r := range f.recs {
			if r.Seq <= before {
				continue
			}
			a, to, ok := lausLogAction(t, r.Data)
			if !ok || a.Actor() != seat {
				continue
			}
			if to {
				t.Fatalf("after the restart alice's turn timed out (%q): the computer did not keep her seat", r.Data)
			}
			if gap := r.At.Sub(f.recs[i-1].At); f.recs[i-1].Seq > before && gap >= 250*time.Millisecond {
				t.Errorf("after the restart alice's move %q came %v after the one before, want it at once", r.Data, gap)
			}
			moves++
		}
		if moves >= 3 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after the restart the computer made %d moves for alice in 5 s", moves)
		}
	}

	// I'm back works after the restart, and is itself kept across the next one.
	if cb := alice.click(hand, button(hand, "resume", "*")); !strings.Contains(text(cb.Message), "Welcome back") {
		t.Fatalf("I'm back after the restart answered %q, want a welcome", text(cb.Message))
	}
	if _, back, _ := lausSeatLog(t, w, seat); back != 1 {
		t.Errorf("the log holds %d I'm back records for alice, want 1", back)
	}
	w.restart()
	table = w.tableMessage("restarted")
	if strings.Contains(text(table), "computer stands in") {
		t.Errorf("after I'm back and a restart the table still shows the computer standing in:\n%s", text(table))
	}
	hand = alice.openHand(table)
	if button(hand, "resume", "*") != "" {
		t.Errorf("after I'm back and a restart alice's hand still offers I'm back:\n%s", text(hand))
	}
	for try := 0; ; try++ {
		p, h := lausMover(t, w, []*player{alice})
		if p == nil {
			t.Fatal("the match ended")
		}
		skat := 0
		if cb := lausMove(t, alice, h, &skat); !strings.Contains(text(cb.Message), "⚠️") {
			break
		}
		if try == 3 {
			t.Fatal("alice could not move herself after I'm back and a restart")
		}
	}
	w.noFailures()
}
