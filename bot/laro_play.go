package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/cardbot/cardbot/engine/laro"
	"github.com/cardbot/cardbot/store"
)

// errNotSaved means the store refused an action; the table undid it.
var errNotSaved = errors.New("bot: the move could not be saved")

// maxEvents is how many recent events the table message lists.
const maxEvents = 5

// playing reports whether the table runs a game that is not over.
func (t *laroTable) playing() bool { return t.game != nil && !t.game.Over() }

// start begins the table's first game (lobbyClick has checked that the
// host clicked).
func (t *laroTable) start(ctx context.Context, in *Input) *Reply {
	hostSeat := max(seatOf(t.seats, t.host), 0)
	if r := t.begin(ctx, in.At, hostSeat); r != nil {
		return r
	}
	v := t.closedView(fmt.Sprintf("Game 1 has started below. Seated: %s", seatNames(t.seats)))
	return updateMessage("", v.Embeds, v.Components)
}

func seatNames(seats []seat) string {
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = s.mention()
	}
	return strings.Join(names, ", ")
}

// chipsMove reports whether chips change hands at this table's games:
// never in solo practice, never with a computer seat.
func (t *laroTable) chipsMove() bool {
	return t.settings.staked() && len(t.seats) > 1 && !hasComputer(t.seats)
}

// begin deals a game with dealer moving first, holding every player's escrow
// and ante in the same transaction as the deal. It returns a refusal, or nil.
func (t *laroTable) begin(ctx context.Context, at time.Time, dealer int) *Reply {
	seed := t.b.opts.NewSeed()
	g, err := laro.New(laro.Config{Seats: len(t.seats), Dealer: dealer}, seed)
	if err != nil {
		t.b.log.Error("dealing", "table", t.id, "err", err)
		return ephemeralText(msgSomethingWrong)
	}
	var moves []store.ChipMove
	var pot int64
	if t.chipsMove() {
		for _, s := range t.seats {
			moves = append(moves, store.ChipMove{User: s.UserID, Reason: store.ReasonEscrowHold, Amount: t.settings.escrow()})
			if t.settings.Ante > 0 {
				moves = append(moves, store.ChipMove{User: s.UserID, Reason: store.ReasonAnte, Amount: t.settings.Ante})
				pot += t.settings.Ante
			}
		}
	}
	t.settings.Dealer = dealer
	t.game, t.seed, t.seq, t.moves, t.pot = g, seed, 0, 0, pot
	t.resetRound()
	dl := t.nextDeadline()
	rec := store.ActionRecord{
		GameID: t.gameID, Seq: 1, Data: []byte(startRecord(seed, dealer)), At: at,
		Status: store.StatusPlaying, Deadline: &dl,
	}
	if err := t.b.store.AppendAction(ctx, rec, moves); err != nil {
		t.game = nil
		if missing, ok := store.MissingChips(err); ok {
			var ice *store.InsufficientChipsError
			errors.As(err, &ice)
			return ephemeralText(fmt.Sprintf("<@%s> is **%d chips short** of the %d this table holds per player, so the game cannot start. "+
				"They can collect `/chips daily` or leave the table.", ice.User, missing, t.settings.escrow()))
		}
		t.b.log.Error("starting a game", "table", t.id, "err", err)
		return ephemeralText(msgSomethingWrong)
	}
	t.seq = 1
	t.status = store.StatusPlaying
	if t.stopIdle != nil {
		t.stopIdle()
	}
	t.event(fmt.Sprintf("Game %d dealt; %s deals and moves first.", t.settings.GameNo, t.seats[dealer].mention()))
	t.afterChange(nil, at, true, "")
	return nil
}

// startRecord is the first entry of a game's log: the seed and the dealer.
func startRecord(seed uint64, dealer int) string { return fmt.Sprintf("start %016x %d", seed, dealer) }

// resetRound clears what belongs to one game.
func (t *laroTable) resetRound() {
	t.events, t.result, t.window, t.choice = nil, nil, nil, nil
	t.notes = make([]string, len(t.seats))
	t.timeouts = make([]int, len(t.seats))
	t.autoplay = make([]bool, len(t.seats))
}

// showHand answers "My hand" (a new ephemeral message) and "Refresh" (an
// update of the hand message the button is on).
func (t *laroTable) showHand(in *Input) *Reply {
	s, r := t.mySeat(in)
	if r != nil {
		return r
	}
	return t.handReply(in, s, "")
}

// handReply shows seat's hand in answer to in, and remembers the
// interaction so later changes can update that message.
func (t *laroTable) handReply(in *Input, s int, note string) *Reply {
	sc := t.screen(s)
	if note != "" && sc.Note != "" {
		sc.Note = note + "\n" + sc.Note
	} else if note != "" {
		sc.Note = note
	}
	return t.answerHand(in, laroHand(sc), in.Component.Verb == "hand")
}

// move handles the buttons on a hand message.
func (t *laroTable) move(ctx context.Context, in *Input) *Reply {
	s, r := t.mySeat(in)
	if r != nil {
		return r
	}
	c := in.Component
	if c.Turn != t.moves {
		return t.handReply(in, s, "⚠️ That button was from an earlier moment of the game, so nothing happened. This is your hand now.")
	}
	if !t.playing() {
		return t.handReply(in, s, "The game is over.")
	}
	if t.choice != nil && c.Verb != "lay" {
		return t.handReply(in, s, fmt.Sprintf("Wait: %s is choosing which cluster to lay.", t.seats[t.choice.seat].mention()))
	}
	t.timeouts[s], t.autoplay[s] = 0, false
	var err error
	switch c.Verb {
	case "draw":
		if c.Arg != "deck" && c.Arg != "discard" {
			return ephemeralText("That button is not one of this table's.")
		}
		return t.requestDraw(in, s, in.At, c.Arg == "discard")
	case "discard":
		card, perr := laro.ParseCard(c.Arg)
		if perr != nil {
			return ephemeralText("That button is not one of this table's.")
		}
		err = t.apply(laro.Discard{Seat: s, Card: card}, in.At, in.UserID)
	case "win":
		err = t.apply(laro.DeclareWin{Seat: s}, in.At, in.UserID)
	case "lay":
		return t.lay(in, s)
	}
	if err != nil {
		return t.handReply(in, s, "⚠️ "+moveRefusal(err))
	}
	return t.handReply(in, s, "")
}

// moveRefusal turns an engine or store error into the sentence a player
// reads: the one place such messages are made.
func moveRefusal(err error) string {
	switch {
	case errors.Is(err, errNotSaved):
		return "Your move could not be saved, so it did not happen. Please try again."
	case errors.Is(err, laro.ErrNotYourTurn):
		return "It is not your turn."
	case errors.Is(err, laro.ErrMustDraw):
		return "Draw a card first."
	case errors.Is(err, laro.ErrMustDiscard):
		return "Discard a card first."
	case errors.Is(err, laro.ErrNotInHand):
		return "That card is not in your hand."
	case errors.Is(err, laro.ErrDiscardEmpty):
		return "The discard pile is empty: draw from the deck."
	case errors.Is(err, laro.ErrNotWinning):
		return "Your cards do not form three clusters yet."
	case errors.Is(err, laro.ErrGameOver):
		return "The game is over."
	case errors.Is(err, laro.ErrForfeited):
		return "You have left this game."
	}
	msg := strings.TrimPrefix(err.Error(), "laro: ")
	return "That move is not allowed: " + msg + "."
}

// requestDraw draws for seat now, or, while a LARO! window is open, queues
// the draw for the window's close so no card is revealed before a call
// could take the discard.
func (t *laroTable) requestDraw(in *Input, s int, at time.Time, fromDiscard bool) *Reply {
	d := laro.Draw{Seat: s, FromDiscard: fromDiscard}
	reply := func(note string) *Reply {
		if in == nil {
			return nil
		}
		return t.handReply(in, s, note)
	}
	if err := t.game.Check(d); err != nil {
		return reply("⚠️ " + moveRefusal(err))
	}
	w := t.window
	if w == nil {
		if err := t.apply(d, at, userOf(in)); err != nil {
			return reply("⚠️ " + moveRefusal(err))
		}
		return reply("")
	}
	if w.draw != nil {
		return reply("Your draw is already waiting for the LARO! window to close.")
	}
	if err := t.record(drawIntent(s, fromDiscard), at); err != nil {
		return reply("⚠️ " + moveRefusal(err))
	}
	w.draw = &pendingDraw{seat: s, at: at, fromDiscard: fromDiscard, auto: in == nil}
	t.scheduleSettle()
	t.refresh("")
	return reply("")
}

func userOf(in *Input) string {
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
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	rec := store.ActionRecord{GameID: t.gameID, Seq: t.seq + 1, Data: []byte(intent), At: at}
	if err := t.b.store.AppendAction(ctx, rec, nil); err != nil {
		t.b.log.Error("storing an intent", "table", t.id, "intent", intent, "err", err)
		return errNotSaved
	}
	t.seq++
	return nil
}

// The text forms of intents in a game's log.
const intentPrefix = "intent "

func callIntent(seat int) string { return fmt.Sprintf("%scall %d", intentPrefix, seat) }

func drawIntent(seat int, fromDiscard bool) string {
	pile := "deck"
	if fromDiscard {
		pile = "discard"
	}
	return fmt.Sprintf("%sdraw %d %s", intentPrefix, seat, pile)
}

// apply checks a with the engine, stores it (with any settlement) and only
// then lets the game move on. A store failure undoes the move in memory.
// actor is the user whose own click this answers ("" for timers), whose
// hand message is answered directly rather than edited.
func (t *laroTable) apply(a laro.Action, at time.Time, actor string) error {
	before := t.game.Log()
	_, discarder, _ := t.game.Claimable()
	if err := t.game.Apply(a); err != nil {
		return err
	}
	rec := store.ActionRecord{GameID: t.gameID, Seq: t.seq + 1, Data: []byte(a.String()), At: at}
	if t.game.Over() {
		rec.Status = store.StatusFinished
		rec.Settle = t.settlement()
		rec.Deadline = &store.Deadline{}
	} else {
		dl := t.nextDeadline()
		rec.Deadline = &dl
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := t.b.store.AppendAction(ctx, rec, nil); err != nil {
		t.b.log.Error("storing an action", "table", t.id, "action", a.String(), "err", err)
		g, rerr := laro.Replay(t.game.Config(), t.seed, before)
		if rerr == nil {
			t.game = g
		}
		return errNotSaved
	}
	t.seq++
	t.moves++
	t.moved(a)
	t.describe(a, discarder)
	t.afterChange(a, at, false, actor)
	return nil
}

// describe adds the public event line for an action; discarder is who
// discarded the card a LARO! call takes, to name the seats it jumped.
func (t *laroTable) describe(a laro.Action, discarder int) {
	who := t.seats[a.ActionSeat()].mention()
	switch a := a.(type) {
	case laro.Draw:
		if a.FromDiscard {
			t.event(who + " took the discard.")
		} else {
			t.event(who + " drew from the deck.")
		}
	case laro.Discard:
		c := a.Card
		if top, ok := t.game.TopDiscard(); ok {
			c = top
		}
		t.event(fmt.Sprintf("%s discarded **%s**.", who, c.Symbol()))
	case laro.DeclareWin:
		t.event(who + " declared a win!")
	case laro.Call:
		laid := t.game.Laid(a.Seat)
		if a.Win || len(laid) == 0 {
			t.event(fmt.Sprintf("📣 %s called LARO! and won!", who))
		} else {
			t.event(fmt.Sprintf("📣 %s called LARO! and laid %s.", who, clusterText(laid[len(laid)-1])))
		}
		var jumped []string
		for j := (discarder + 1) % len(t.seats); j != a.Seat; j = (j + 1) % len(t.seats) {
			jumped = append(jumped, t.seats[j].mention())
		}
		if len(jumped) > 0 && !t.game.Over() {
			t.event(strings.Join(jumped, ", ") + " jumped.")
		}
	case laro.Forfeit:
		t.event(who + " missed three turns in a row and left the game.")
	}
}

func (t *laroTable) event(s string) {
	t.events = append(t.events, s)
	if len(t.events) > maxEvents {
		t.events = t.events[len(t.events)-maxEvents:]
	}
}

// afterChange moves the table on after a stored action: the game's end,
// the LARO! window on a fresh discard, timers, computer moves, messages.
func (t *laroTable) afterChange(a laro.Action, at time.Time, fresh bool, actor string) {
	if t.game.Over() {
		t.finish()
		t.refreshFresh(fresh, actor)
		return
	}
	if d, ok := a.(laro.Discard); ok && t.activeSeats() > 1 {
		card, _ := t.game.TopDiscard()
		t.openWindow(card, d.Seat, at)
	}
	t.armTurn()
	t.scheduleComputer()
	t.refreshFresh(fresh, actor)
}

func (t *laroTable) activeSeats() int {
	n := 0
	for i := range t.seats {
		if !t.game.Forfeited(i) {
			n++
		}
	}
	return n
}
