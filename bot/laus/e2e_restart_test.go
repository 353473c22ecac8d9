package laus_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot"
	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/internal/e2e"
	"github.com/cardbot/cardbot/engine/laus"
	"github.com/cardbot/cardbot/store"
)

// lausSoloTable opens a Laus table for p with two computer players and
// starts it, returning the first round's table message.
func lausSoloTable(t *testing.T, w *e2e.World, p *e2e.Player, target, turnTimer int64) {
	t.Helper()
	lausSoloTableOn(t, w, p, target, turnTimer, false)
}

// lausSoloTableOnChannel is lausSoloTable with the table message posted,
// and edited, through the channel endpoint (see e2e.RefuseStartFollowups),
// for tests of what the channel's refusals do.
func lausSoloTableOnChannel(t *testing.T, w *e2e.World, p *e2e.Player, target, turnTimer int64) {
	t.Helper()
	lausSoloTableOn(t, w, p, target, turnTimer, true)
}

func lausSoloTableOn(t *testing.T, w *e2e.World, p *e2e.Player, target, turnTimer int64, onChannel bool) {
	t.Helper()
	r, err := p.U.Slash(w.Ch, "laus new", discordtest.IntOpt("target", target), discordtest.IntOpt("turn_timer", turnTimer))
	e2e.Answer(t, r, err)
	lobby := w.TableMessage("Click **Join**")
	p.Click(lobby, e2e.Button(lobby, "computer", "*"))
	p.Click(lobby, e2e.Button(lobby, "computer", "*"))
	if onChannel {
		w.RefuseStartFollowups(0)
	}
	p.Click(lobby, e2e.Button(lobby, "start", "*"))
}

// lausPlayOut plays p's moves until the match is over.
func lausPlayOut(t *testing.T, w *e2e.World, p *e2e.Player) {
	t.Helper()
	skat := 0
	for moves := 0; ; moves++ {
		q, hand := e2e.LausMover(t, w, []*e2e.Player{p})
		if q == nil {
			return
		}
		if cb := e2e.LausMove(t, p, hand, &skat); strings.Contains(e2e.Text(cb.Message), "⚠️") {
			t.Fatalf("%s's move was refused:\n%s", p.U.Name(), e2e.Text(cb.Message))
		}
		if moves > 500 {
			t.Fatal("no end after 500 moves")
		}
	}
}

func TestLausScoreboardShowsTheFinishedMatchOverANewLobby(t *testing.T) {
	w := e2e.NewWorld(t)
	alice := w.Player("alice")
	lausSoloTable(t, w, alice, 100, 600)
	alice.OpenHand(w.TableMessage("match 1 · round 1"))
	lausPlayOut(t, w, alice)
	w.TableMessage("[Play again]")
	f := e2e.LoadLaus(t, w)
	if len(f.Board.Rounds) == 0 {
		t.Fatal("the finished match has no stored round")
	}

	// One summary message was stored to post, with round 1's end, and it
	// is the message that shows the last round now.
	sum := checkSummary(t, w, f.Board.Rounds[len(f.Board.Rounds)-1])
	if anns, err := w.St.Announcements(t.Context(), f.Board.Game.ID); err != nil || len(anns) != 1 || anns[0].MessageID != sum.ID {
		t.Errorf("stored announcements %+v (%v), want the summary message %s alone", anns, err, sum.ID)
	}

	// A new lobby in the same channel: the scoreboard still shows the match
	// that was played here, round by round, not the empty lobby.
	r, err := alice.U.Slash(w.Ch, "laus new")
	e2e.Answer(t, r, err)
	w.TableMessage("Click **Join**")
	posted := len(w.Ch.Messages())
	r, err = alice.U.Slash(w.Ch, "laus scoreboard")
	cb := e2e.Answer(t, r, err)
	shown := e2e.Shown(t, r, cb)
	sb := e2e.Text(shown)
	if !cb.Ephemeral {
		t.Error("/laus scoreboard answered publicly, want privately with a Share button")
	}
	if strings.Contains(sb, "waiting to start") || strings.Contains(sb, "No round has finished yet") {
		t.Errorf("the scoreboard shows the new lobby:\n%s", sb)
	}
	// Share posts the same board, with its chart, in the channel, once.
	if got := alice.Click(shown, e2e.Button(shown, "share", "scoreboard")); e2e.Button(got.Message, "share", "*") != "" {
		t.Error("after Share the private scoreboard still offers Share")
	}
	ms := w.Ch.Messages()
	if len(ms) != posted+1 || !strings.Contains(e2e.Text(ms[posted]), "Shared by") ||
		!strings.Contains(e2e.Text(ms[posted]), fmt.Sprintf("table %s · match 1 (finished)", f.Board.Game.TableID)) {
		t.Fatalf("after Share the channel has %d new message(s), want the scoreboard once", len(ms)-posted)
	}
	w.Picture(ms[posted], 500, 250)
	if want := fmt.Sprintf("table %s · match 1 (finished)", f.Board.Game.TableID); !strings.Contains(sb, want) {
		t.Errorf("the scoreboard does not name %q:\n%s", want, sb)
	}
	for _, rd := range f.Board.Rounds {
		if !strings.Contains(sb, fmt.Sprintf("Round %d ×%d:", rd.Round, rd.Multiplier)) {
			t.Errorf("the scoreboard has no line for round %d ×%d:\n%s", rd.Round, rd.Multiplier, sb)
		}
	}
	last := f.Board.Rounds[len(f.Board.Rounds)-1]
	for _, sc := range last.Scores {
		if !strings.Contains(sb, fmt.Sprintf("total **%d**", sc.Total)) {
			t.Errorf("the scoreboard does not show seat %d's total %d:\n%s", sc.Seat, sc.Total, sb)
		}
	}
	w.NoFailures()
}

// lausSeatLog counts, in the stored log of the channel's latest Laus
// match, seat's moves made because their turn timer ran out and the "I'm
// back" records of seat, and returns the last record's seq.
func lausSeatLog(t *testing.T, w *e2e.World, seat int) (timedOut, back int, last int64) {
	t.Helper()
	f := e2e.LoadLaus(t, w)
	for _, r := range f.Recs[1:] {
		if a, to, ok := e2e.LausLogAction(t, r.Data); ok && to && a.Actor() == seat {
			timedOut++
		}
		if string(r.Data) == fmt.Sprintf("back %d", seat) {
			back++
		}
	}
	return timedOut, back, f.Recs[len(f.Recs)-1].Seq
}

func TestLausAbsentPlayerStaysAbsentAcrossRestarts(t *testing.T) {
	// A turn lasts 15 × 100 ms: long enough to stop the bot between two of
	// alice's timeouts, and to tell a turn played at once (under 1 s even
	// on a loaded machine; 20 ms units, a 250 ms bound, failed there) from
	// one timed out, short enough to sit three of them out.
	w := e2e.NewWorld(t, func(o *bot.Options) { o.TurnTimerUnit = 100 * time.Millisecond })
	alice := w.Player("alice")
	lausSoloTable(t, w, alice, 100000, 15)
	alice.OpenHand(w.TableMessage("match 1 · round 1"))
	seat := e2e.SeatOfUser(e2e.LoadLaus(t, w), alice)

	// Two timeouts, then a restart: the count survives it, so the third
	// timeout after the restart hands alice's seat to the computer.
	for deadline := time.Now().Add(e2e.Patience); ; time.Sleep(5 * time.Millisecond) {
		if n, _, _ := lausSeatLog(t, w, seat); n >= 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("alice never timed out twice")
		}
	}
	w.Stop()
	w.Start()
	if n, _, _ := lausSeatLog(t, w, seat); n != 2 {
		t.Fatalf("the bot stopped after %d timeouts of alice's, want 2", n)
	}
	alice.WaitHand("the I'm back button", func(m *discordgo.Message) bool { return e2e.Button(m, "resume", "*") != "" })
	if n, _, _ := lausSeatLog(t, w, seat); n != 3 {
		t.Errorf("the computer took alice's seat after %d timeouts, want 3 (two before the restart, one after)", n)
	}

	// A restart while the computer keeps her seat: it still does.
	_, _, before := lausSeatLog(t, w, seat)
	w.Restart()
	table := w.TableMessage("restarted")
	if !strings.Contains(e2e.Text(table), "computer stands in") {
		t.Errorf("after the restart the table does not show the computer standing in for alice:\n%s", e2e.Text(table))
	}
	hand := alice.OpenHand(table)
	if e2e.Button(hand, "resume", "*") == "" || !strings.Contains(e2e.Text(hand), "computer is playing your seat") {
		t.Fatalf("after the restart alice's hand offers no I'm back:\n%s", e2e.Text(hand))
	}
	// Her turns are played at once, not after her turn timer (1.5 s).
	for deadline := time.Now().Add(e2e.Patience); ; time.Sleep(10 * time.Millisecond) {
		f := e2e.LoadLaus(t, w)
		moves := 0
		for i, r := range f.Recs {
			if r.Seq <= before {
				continue
			}
			a, to, ok := e2e.LausLogAction(t, r.Data)
			if !ok || a.Actor() != seat {
				continue
			}
			if to {
				t.Fatalf("after the restart alice's turn timed out (%q): the computer did not keep her seat", r.Data)
			}
			if gap := r.At.Sub(f.Recs[i-1].At); f.Recs[i-1].Seq > before && gap >= time.Second {
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
	if cb := alice.Click(hand, e2e.Button(hand, "resume", "*")); !strings.Contains(e2e.Text(cb.Message), "Welcome back") {
		t.Fatalf("I'm back after the restart answered %q, want a welcome", e2e.Text(cb.Message))
	}
	if _, back, _ := lausSeatLog(t, w, seat); back != 1 {
		t.Errorf("the log holds %d I'm back records for alice, want 1", back)
	}
	w.Restart()
	table = w.TableMessage("restarted")
	if strings.Contains(e2e.Text(table), "computer stands in") {
		t.Errorf("after I'm back and a restart the table still shows the computer standing in:\n%s", e2e.Text(table))
	}
	hand = alice.OpenHand(table)
	if e2e.Button(hand, "resume", "*") != "" {
		t.Errorf("after I'm back and a restart alice's hand still offers I'm back:\n%s", e2e.Text(hand))
	}
	for try := 0; ; try++ {
		p, h := e2e.LausMover(t, w, []*e2e.Player{alice})
		if p == nil {
			t.Fatal("the match ended")
		}
		skat := 0
		if cb := e2e.LausMove(t, alice, h, &skat); !strings.Contains(e2e.Text(cb.Message), "⚠️") {
			break
		}
		if try == 3 {
			t.Fatal("alice could not move herself after I'm back and a restart")
		}
	}
	w.NoFailures()
}

// lausLastCard plays p's moves until p's hand offers p's last card of a
// round, and returns that hand message.
func lausLastCard(t *testing.T, w *e2e.World, p *e2e.Player) *discordgo.Message {
	t.Helper()
	skat := 0
	for moves := 0; moves < 500; moves++ {
		q, hand := e2e.LausMover(t, w, []*e2e.Player{p})
		if q == nil {
			t.Fatal("the match ended before the test could stop the bot")
		}
		if e2e.Button(hand, "play", "*") != "" && len(e2e.LausCard.FindAllString(hand.Embeds[0].Fields[0].Value, -1)) == 1 {
			return hand
		}
		if cb := e2e.LausMove(t, p, hand, &skat); strings.Contains(e2e.Text(cb.Message), "⚠️") {
			t.Fatalf("%s's move was refused:\n%s", p.U.Name(), e2e.Text(cb.Message))
		}
	}
	t.Fatal("no last card after 500 moves")
	return nil
}

// lastTrickEndsMatch tells, on the last trick of a round, whether the round
// ends the match: every seat holds one card at most, so the rest of the
// round is forced and the test can play it out on the replayed match.
func lastTrickEndsMatch(t *testing.T, w *e2e.World) bool {
	t.Helper()
	m := e2e.LoadLaus(t, w).Match
	for round := m.Round(); m.Round() == round && !m.Over(); {
		s := m.Turn()
		hand := m.View(s).Hand
		if len(hand) != 1 {
			t.Fatalf("seat %d holds %d cards on the last trick", s, len(hand))
		}
		if err := m.Apply(laus.Play{Seat: s, Card: hand[0]}); err != nil {
			t.Fatal(err)
		}
	}
	return m.Over()
}

// waitRound waits until round is stored for the channel's latest match.
func waitRound(t *testing.T, w *e2e.World, round int) e2e.LausFinal {
	t.Helper()
	for deadline := time.Now().Add(e2e.Patience); ; time.Sleep(5 * time.Millisecond) {
		if f := e2e.LoadLaus(t, w); len(f.Board.Rounds) >= round {
			return f
		}
		if time.Now().After(deadline) {
			t.Fatalf("round %d was never stored", round)
		}
	}
}

func TestLausRoundSummaryIsShownAfterARestart(t *testing.T) {
	w := e2e.NewWorld(t)
	alice := w.Player("alice")
	lausSoloTableOnChannel(t, w, alice, 100000, 600)
	first := w.TableMessage("match 1 · round 1")
	alice.OpenHand(first)
	hand := lausLastCard(t, w, alice)

	// From alice's last card of round 1 until the bot has stopped, Discord
	// refuses every post and edit in the channel: the round ends, and is
	// stored, but the table message never shows it.
	w.Ch.SetBotPermissions(discordtest.DefaultBotPermissions &^ discordgo.PermissionSendMessages)
	alice.Click(hand, e2e.Button(hand, "play", "*"))
	f := waitRound(t, w, 1)
	w.Stop()
	if n, _ := summaries(w, 1, 1); len(n) != 0 {
		t.Fatalf("%d messages show round 1's summary while Discord refused posts", len(n))
	}
	w.Ch.SetBotPermissions(discordtest.DefaultBotPermissions)
	w.Start()

	// The rebuilt table edits the same table message, on to round 2, and
	// posts round 1's summary in a message of its own, stored as posted.
	next := w.TableMessage("match 1 · round 2")
	if next.ID != first.ID {
		t.Errorf("round 2 is in a new message %s, want the table message %s edited", next.ID, first.ID)
	}
	if !strings.Contains(e2e.Text(next), "restarted") {
		t.Errorf("round 2's table message does not say the bot restarted:\n%s", e2e.Text(next))
	}
	sum := checkSummary(t, w, f.Board.Rounds[0])
	if sum.ID == first.ID {
		t.Errorf("round 1's summary is in the table message %s, want a message of its own", first.ID)
	}
	if anns, err := w.St.Announcements(t.Context(), f.Board.Game.ID); err != nil || len(anns) != 1 || anns[0].MessageID != sum.ID {
		t.Errorf("stored announcements %+v (%v), want the summary message %s alone, marked posted", anns, err, sum.ID)
	}
	w.NoFailures()
}

func TestLausLastRoundSummaryIsShownAfterARestart(t *testing.T) {
	w := e2e.NewWorld(t)
	alice := w.Player("alice")
	lausSoloTable(t, w, alice, 100, 600)
	hand, round := playToTheMatchsLastCard(t, w, alice)
	last := w.TableMessage(fmt.Sprintf("match 1 · round %d", round))

	// The match ends while Discord refuses posts, and the bot stops: the
	// rebuilt bot shows the result (and rebuilds the table after its match:
	// see TestLausFinishedTableIsRebuiltAfterACrash).
	w.Ch.SetBotPermissions(discordtest.DefaultBotPermissions &^ discordgo.PermissionSendMessages)
	alice.Click(hand, e2e.Button(hand, "play", "*"))
	f := waitRound(t, w, round)
	if f.Board.Game.Status != store.StatusFinished {
		t.Fatalf("the match is %s after its last round, want finished", f.Board.Game.Status)
	}
	w.Stop()
	w.Ch.SetBotPermissions(discordtest.DefaultBotPermissions)
	w.Start()

	final := w.TableMessage("[Play again]")
	if final.ID != last.ID {
		t.Errorf("the result is in message %s, want the table message %s edited", final.ID, last.ID)
	}
	sum := checkSummary(t, w, f.Board.Rounds[round-1])
	if !strings.Contains(e2e.Text(sum), "Match over") || sum.ID == final.ID {
		t.Errorf("the summary message does not show the match's end:\n%s", e2e.Text(sum))
	}
	w.NoFailures()
}

// playToTheMatchsLastCard plays alice's match against the computers (see
// lausSoloTable) up to the card that ends it, and returns her hand holding
// that card and the round it ends.
func playToTheMatchsLastCard(t *testing.T, w *e2e.World, alice *e2e.Player) (*discordgo.Message, int) {
	t.Helper()
	alice.OpenHand(w.TableMessage("match 1 · round 1"))
	round := 1
	for {
		hand := lausLastCard(t, w, alice)
		if lastTrickEndsMatch(t, w) {
			return hand, round
		}
		alice.Click(hand, e2e.Button(hand, "play", "*"))
		round++
		alice.OpenHand(w.TableMessage(fmt.Sprintf("match 1 · round %d", round)))
	}
}
