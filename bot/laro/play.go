package laro

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	rules "github.com/cardbot/cardbot/engine/laro"
	"github.com/cardbot/cardbot/store"
)

// playing reports whether the table runs a game that is not over.
func (t *laroTable) playing() bool { return t.game != nil && !t.game.Over() }

// start begins the table's first game (lobbyClick has checked that the
// host clicked).
func (t *laroTable) start(ctx context.Context, in *ui.Input) *ui.Reply {
	hostSeat := max(table.SeatIndex(t.Seats, t.Host), 0)
	return table.StartGame(ctx, t, in, func() *ui.Reply { return t.begin(ctx, in.Lang(), in.At, hostSeat) })
}

// chipsMove reports whether chips change hands at this table's games:
// never in solo practice, never with a computer seat.
func (t *laroTable) chipsMove() bool {
	return t.settings.staked() && len(t.Seats) > 1 && !table.HasComputer(t.Seats)
}

// begin deals a game with dealer moving first, holding every player's escrow
// and ante in the same transaction as the deal. It returns a refusal (in l,
// the language of the click that started it), or nil.
func (t *laroTable) begin(ctx context.Context, l lang.Lang, at time.Time, dealer int) *ui.Reply {
	seed := t.Env.Timing.NewSeed()
	g, err := rules.New(rules.Config{Seats: len(t.Seats), Dealer: dealer}, seed)
	if err != nil {
		t.Env.Log.Error("dealing", "table", t.ID, "err", err)
		return ui.EphemeralText(ui.SomethingWrong(l))
	}
	var moves []store.ChipMove
	var pot int64
	if t.chipsMove() {
		for _, s := range t.Seats {
			moves = append(moves, store.ChipMove{User: s.UserID, Reason: store.ReasonEscrowHold, Amount: t.settings.escrow()})
			if t.settings.Ante > 0 {
				moves = append(moves, store.ChipMove{User: s.UserID, Reason: store.ReasonAnte, Amount: t.settings.Ante})
				pot += t.settings.Ante
			}
		}
	}
	t.settings.Dealer = dealer
	t.game, t.seed, t.Seq, t.moves, t.pot = g, seed, 0, 0, pot
	t.resetRound()
	dl := t.nextDeadline()
	rec := store.ActionRecord{
		GameID: t.GameID, Seq: 1, Data: []byte(startRecord(seed, dealer)), At: at,
		Status: store.StatusPlaying, Deadline: &dl,
	}
	if err := t.Env.Store.AppendAction(ctx, rec, moves); err != nil {
		t.game = nil
		if missing, ok := store.MissingChips(err); ok {
			var ice *store.InsufficientChipsError
			errors.As(err, &ice)
			return ui.EphemeralText(l.T("laro.start.short", "User", ice.User, "Short", l.N("laro.chips", int(missing)), "Need", t.settings.escrow()))
		}
		t.Env.Log.Error("starting a game", "table", t.ID, "err", err)
		return ui.EphemeralText(ui.SomethingWrong(l))
	}
	t.Seq = 1
	t.Status = store.StatusPlaying
	if t.StopIdle != nil {
		t.StopIdle()
	}
	t.Event(t.Lang.T("laro.event.dealt", "Game", t.settings.GameNo, "Name", t.Seats[dealer].Label()))
	t.afterChange(nil, at, true, "")
	return nil
}

// startRecord is the first entry of a game's log: the seed and the dealer.
func startRecord(seed uint64, dealer int) string { return fmt.Sprintf("start %016x %d", seed, dealer) } // lang:keep — the stored log's form

// resetRound clears what belongs to one game.
func (t *laroTable) resetRound() {
	t.Events, t.result, t.antesBack, t.window, t.choice = nil, nil, false, nil, nil
	t.notes = make([]string, len(t.Seats))
	t.timeouts = make([]int, len(t.Seats))
	t.autoplay = make([]bool, len(t.Seats))
}

// HandView renders seat's hand message; note, the answer to a click, goes
// above any note the seat already has (why its draw was cancelled).
func (t *laroTable) HandView(seat int, note string) ui.Rendering {
	sc := t.screen(seat)
	if note != "" && sc.Note != "" {
		sc.Note = note + "\n" + sc.Note
	} else if note != "" {
		sc.Note = note
	}
	return laroHand(sc)
}

// move handles the buttons on a hand message.
func (t *laroTable) move(ctx context.Context, in *ui.Input) *ui.Reply {
	s, r := t.MySeat(in)
	if r != nil {
		return r
	}
	b, valid := parseMoveButton(in.Component)
	l := in.Lang()
	if b.Move != t.moves {
		return table.HandReply(t, in, s, l.T("laro.move.stale"))
	}
	if !t.playing() {
		return table.HandReply(t, in, s, l.T("laro.move.game_over"))
	}
	if !valid {
		return ui.EphemeralText(l.T("laro.move.not_this_table"))
	}
	if t.choice != nil && b.Verb != verbLay {
		return table.HandReply(t, in, s, l.T("laro.move.wait_choosing", "Name", t.Seats[t.choice.seat].Label()))
	}
	t.timeouts[s], t.autoplay[s] = 0, false
	var err error
	switch b.Verb {
	case verbDraw:
		return t.requestDraw(in, s, in.At, b.FromDiscard)
	case verbDiscard:
		err = t.apply(rules.Discard{Seat: s, Card: b.Card}, in.At, in.UserID)
	case verbWin:
		err = t.apply(rules.DeclareWin{Seat: s}, in.At, in.UserID)
	case verbLay:
		return t.lay(in, s, b.Option)
	}
	if err != nil {
		return table.HandReply(t, in, s, "⚠️ "+moveRefusal(l, err))
	}
	return table.HandReply(t, in, s, "")
}

// moveRefusal turns an engine or store error into the sentence a player
// reads: the one place such messages are made.
func moveRefusal(l lang.Lang, err error) string {
	for _, r := range refusals {
		if errors.Is(err, r.err) {
			return l.T(r.id)
		}
	}
	// An engine error with no message of its own: its text is English
	// (the engine has no words for people), said inside a translated line.
	msg := strings.TrimPrefix(err.Error(), "laro: ")
	return l.T("laro.move.not_allowed", "Why", msg)
}

// refusals are the messages for the errors a move can meet.
var refusals = []struct {
	err error
	id  string
}{
	{table.ErrNotSaved, "laro.move.not_saved"},
	{rules.ErrNotYourTurn, "laro.move.not_your_turn"},
	{rules.ErrMustDraw, "laro.move.must_draw"},
	{rules.ErrMustDiscard, "laro.move.must_discard"},
	{rules.ErrNotInHand, "laro.move.not_in_hand"},
	{rules.ErrDiscardEmpty, "laro.move.discard_empty"},
	{rules.ErrNotWinning, "laro.move.not_winning"},
	{rules.ErrGameOver, "laro.move.game_over"},
	{rules.ErrForfeited, "laro.move.forfeited"},
}

// requestDraw draws for seat now, or, while a LARO! window is open, queues
// the draw for the window's close so no card is revealed before a call
// could take the discard.
func (t *laroTable) requestDraw(in *ui.Input, s int, at time.Time, fromDiscard bool) *ui.Reply {
	d := rules.Draw{Seat: s, FromDiscard: fromDiscard}
	l := t.seatLang(s)
	reply := func(note string) *ui.Reply {
		if in == nil {
			return nil
		}
		return table.HandReply(t, in, s, note)
	}
	if err := t.game.Check(d); err != nil {
		return reply("⚠️ " + moveRefusal(l, err))
	}
	w := t.window
	if w != nil && len(w.calls) == 0 && t.activeSeats() == 2 {
		// Only the drawer could call LARO! on this discard, and they draw
		// instead: no call can be in flight, so the window closes now.
		if w.stop != nil {
			w.stop()
		}
		t.window, w = nil, nil
	}
	if w == nil {
		if err := t.apply(d, at, userOf(in)); err != nil {
			return reply("⚠️ " + moveRefusal(l, err))
		}
		return reply("")
	}
	if w.draw != nil {
		return reply(l.T("laro.move.draw_waiting"))
	}
	if err := t.record(drawIntent(s, fromDiscard), at); err != nil {
		return reply("⚠️ " + moveRefusal(l, err))
	}
	w.draw = &pendingDraw{seat: s, at: at, fromDiscard: fromDiscard, auto: in == nil}
	t.scheduleSettle()
	if in != nil && time.Until(w.settleAt) <= answerWithin {
		// The card is known soon: answer the click with it rather than
		// with "waiting" now and an edit later. The redraw leaves the
		// drawer's hand alone until then (drawAnswering).
		r, answer := ui.AnswerLater()
		w.draw.in, w.draw.answer = in, answer
		t.refresh(in.UserID)
		return r
	}
	t.refresh(userOf(in))
	return reply("")
}

// drawAnswering is the user whose draw click waits for the LARO! window to
// settle before it is answered with their hand, or "". Redraws leave their
// hand message alone meanwhile: an edit through the hand's older token,
// showing the draw waiting, could reach Discord after the answer and hide
// the drawn card and the discard buttons (on a loaded machine it did, and
// the player saw only Refresh).
func (t *laroTable) drawAnswering() string {
	if w := t.window; w != nil && w.draw != nil && w.draw.answer != nil {
		return userOf(w.draw.in)
	}
	return ""
}

// answerWithin is how soon a waiting draw must settle for its click to be
// answered with the drawn card itself; Discord wants an answer within 3 s,
// and the transport defers one that takes longer than that allows.
const answerWithin = 2 * time.Second

func userOf(in *ui.Input) string {
	if in == nil {
		return ""
	}
	return in.UserID
}

// record stores an intent: a LARO! call or a draw waiting for the window.
// Intents are not engine actions; they are logged so that a restart before
// the window settles still knows them, as every acknowledged click must be
// stored first. They do not change the version buttons carry.
func (t *laroTable) record(intent string, at time.Time) error {
	return t.Commit(store.ActionRecord{Data: []byte(intent), At: at}, nil, "an intent") // lang:keep — for the log
}

// The text forms of intents in a game's log.
const intentPrefix = "intent "

func callIntent(seat int) string { return fmt.Sprintf("%scall %d", intentPrefix, seat) } // lang:keep — the stored log's form

func drawIntent(seat int, fromDiscard bool) string {
	pile := "deck"
	if fromDiscard {
		pile = "discard"
	}
	return fmt.Sprintf("%sdraw %d %s", intentPrefix, seat, pile) // lang:keep — the stored log's form
}

// apply checks a with the engine, stores it (with any settlement) and only
// then lets the game move on. A store failure undoes the move in memory.
// actor is the user whose own click this answers ("" for timers), whose
// hand message is answered directly rather than edited.
func (t *laroTable) apply(a rules.Action, at time.Time, actor string) error {
	before := t.game.Log()
	_, discarder, _ := t.game.Claimable()
	if err := t.game.Apply(a); err != nil {
		return err
	}
	rec := store.ActionRecord{Data: []byte(a.String()), At: at}
	var ended *store.Settlement
	if t.game.Over() {
		ended = t.settlement()
	} else {
		dl := t.nextDeadline()
		rec.Deadline = &dl
	}
	if err := t.Commit(rec, ended, "an action"); err != nil { // lang:keep — for the log
		g, rerr := rules.Replay(t.game.Config(), t.seed, before)
		if rerr == nil {
			t.game = g
		}
		return err
	}
	t.moves++
	t.moved(a)
	t.describe(a, discarder)
	t.afterChange(a, at, false, actor)
	return nil
}

func (t *laroTable) afterChange(a rules.Action, at time.Time, fresh bool, actor string) {
	if t.game.Over() {
		t.finish()
		t.Act.Later(func() {
			t.refreshFresh(fresh, actor)
			table.CloseThread(t, laroPublic(t.screen(-1)))
		})
		return
	}
	if d, ok := a.(rules.Discard); ok && t.activeSeats() > 1 {
		card, _ := t.game.TopDiscard()
		t.openWindow(card, d.Seat, at)
	}
	t.armTurn()
	t.scheduleComputer()
	if _, drew := a.(rules.Draw); drew && !fresh {
		// A draw changes little on the table (whose move it is, an event
		// line), so its redraw may wait for the next change when tables
		// compete for Discord's global budget; a discard may not.
		t.Act.Later(func() {
			t.Out.SetPublicLater(laroPublic(t.screen(-1)))
			table.RefreshHands(t, actor, t.drawAnswering())
		})
		return
	}
	t.Act.Later(func() { t.refreshFresh(fresh, actor) })
}

func (t *laroTable) activeSeats() int {
	n := 0
	for i := range t.Seats {
		if !t.game.Forfeited(i) {
			n++
		}
	}
	return n
}
