package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/cardbot/cardbot/engine/laus"
	"github.com/cardbot/cardbot/store"
)

// takeoverAfter is how many timed-out turns in a row hand a seat to the
// computer until its player presses "I'm back", as the rules say.
const takeoverAfter = 3

// playing reports whether the table runs a match that is not over.
func (t *lausTable) playing() bool { return t.match != nil && !t.match.Over() }

// turnTimer is how long a player has for one decision.
func (t *lausTable) turnTimer() time.Duration {
	return time.Duration(t.settings.TurnTimerS) * t.b.opts.TurnTimerUnit
}

// start begins the table's first match, with 3 or 4 seated (lobbyClick has
// checked that the host clicked).
func (t *lausTable) start(ctx context.Context, in *Input) *Reply {
	if n := len(t.seats); n < minLausSeats || n > maxLausSeats {
		return ephemeralText(fmt.Sprintf("Laus needs %d or %d players and %d %s seated. Wait for more players to join, "+
			"or click **Add computer** to fill a seat.", minLausSeats, maxLausSeats, n, lausPlural(n, "is", "are")))
	}
	if r := t.begin(ctx, in.At); r != nil {
		return r
	}
	v := t.closedView(fmt.Sprintf("Match %d has started below. Seated: %s", t.settings.MatchNo, seatNames(t.seats)))
	return updateMessage("", v.Embeds, v.Components)
}

func lausPlural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// begin deals a new match and stores its first log entry, the seed.
func (t *lausTable) begin(ctx context.Context, at time.Time) *Reply {
	seed := newSeed()
	m, err := laus.NewMatch(laus.MatchConfig{Seats: len(t.seats), Target: t.settings.Target}, seed)
	if err != nil {
		t.b.log.Error("dealing", "table", t.id, "err", err)
		return ephemeralText(msgSomethingWrong)
	}
	t.match, t.seed, t.seq = m, seed, 0
	t.resetMatch()
	dl := t.nextDeadline()
	rec := store.ActionRecord{
		GameID: t.gameID, Seq: 1, Data: []byte(lausStartRecord(seed)), At: at,
		Status: store.StatusPlaying, Deadline: &dl,
	}
	if err := t.b.store.AppendAction(ctx, rec, nil); err != nil {
		t.match = nil
		t.b.log.Error("starting a match", "table", t.id, "err", err)
		return ephemeralText(msgSomethingWrong)
	}
	t.seq = 1
	t.status = store.StatusPlaying
	if t.stopIdle != nil {
		t.stopIdle()
	}
	t.event(fmt.Sprintf("Match %d dealt; %s deals.", t.settings.MatchNo, t.seats[m.Dealer()].mention()))
	t.afterChange("", nil, true)
	return nil
}

// lausStartRecord is the first entry of a match's log: the seed every
// shuffle (and the first dealer) comes from.
func lausStartRecord(seed uint64) string { return fmt.Sprintf("start %016x", seed) }

// resetMatch clears what belongs to one match.
func (t *lausTable) resetMatch() {
	t.events = nil
	t.timeouts = make([]int, len(t.seats))
	t.afk = make([]bool, len(t.seats))
}

// showHand answers "My hand" (a new ephemeral message) and "Refresh" (an
// update of the hand message the button is on).
func (t *lausTable) showHand(in *Input) *Reply {
	s, r := t.mySeat(in)
	if r != nil {
		return r
	}
	return t.handReply(in, s, "")
}

// handReply shows seat's hand in answer to in, and remembers the
// interaction so later changes can update that message in place.
func (t *lausTable) handReply(in *Input, s int, note string) *Reply {
	sc := t.screen(s)
	sc.Note = note
	return t.answerHand(in, lausHand(sc), in.Component.Verb == "hand" || in.Component.Verb == "back")
}

// move handles the move buttons and the lay-back menu of a hand message.
func (t *lausTable) move(ctx context.Context, in *Input) *Reply {
	s, r := t.mySeat(in)
	if r != nil {
		return r
	}
	c := in.Component
	if c.Turn != int(t.seq) {
		return t.handReply(in, s, "⚠️ That button was from an earlier moment of the match, so nothing happened. This is your hand now.")
	}
	if !t.playing() {
		return t.handReply(in, s, "The match is over.")
	}
	if t.afk[s] {
		return t.handReply(in, s, "The computer is playing for you. Press **I'm back** to take your seat back first.")
	}
	var a laus.Action
	switch c.Verb {
	case "look":
		a = laus.Look{Seat: s}
	case "pass":
		a = laus.Pass{Seat: s}
	case "lay":
		if len(in.Values) != 2 {
			return t.handReply(in, s, "⚠️ Choose exactly two cards to lay back.")
		}
		var cs [2]laus.Card
		for i, v := range in.Values {
			card, err := laus.ParseCard(v)
			if err != nil {
				return ephemeralText("That menu is not one of this table's.")
			}
			cs[i] = card
		}
		a = laus.LayBack{Seat: s, Cards: cs}
	case "play":
		card, err := laus.ParseCard(c.Arg)
		if err != nil {
			return ephemeralText("That button is not one of this table's.")
		}
		a = laus.Play{Seat: s, Card: card}
	}
	if err := t.apply(a, in.At, in.UserID, false); err != nil {
		return t.handReply(in, s, "⚠️ "+lausRefusal(err))
	}
	return t.handReply(in, s, "")
}

// lausRefusal turns an engine or store error into the sentence a player
// reads: the one place such messages are made.
func lausRefusal(err error) string {
	switch {
	case errors.Is(err, errNotSaved):
		return "Your move could not be saved, so it did not happen. Please try again."
	case errors.Is(err, laus.ErrNotYourTurn):
		return "It is not your turn."
	case errors.Is(err, laus.ErrMustFollow):
		return "You must follow the suit that was led (a jack when a jack was led)."
	case errors.Is(err, laus.ErrNotInHand):
		return "That card is not in your hand."
	case errors.Is(err, laus.ErrLayBackQJ):
		return "Queens and jacks cannot be laid back."
	case errors.Is(err, laus.ErrSameCard):
		return "Lay back two different cards."
	case errors.Is(err, laus.ErrSkatPending):
		return "The skat has to be decided first."
	case errors.Is(err, laus.ErrMustLayBack):
		return "Lay back two cards first."
	case errors.Is(err, laus.ErrSkatDone), errors.Is(err, laus.ErrNotLooking), errors.Is(err, laus.ErrNoSkat):
		return "That is not something to do at this point of the round."
	case errors.Is(err, laus.ErrMatchOver):
		return "The match is over."
	}
	return "That move is not allowed: " + strings.TrimPrefix(err.Error(), "laus: ") + "."
}

// apply checks a with the engine, stores it (with the round it finished and
// the match's result, in the same transaction) and only then lets the table
// move on. A store failure undoes the move in memory. actor is the user
// whose own click this answers ("" for timers and computers): their hand
// message is answered directly rather than edited. timedOut marks a move
// made because the player's turn timer ran out; it is stored as such, so
// that who plays the seat is rebuilt exactly after a restart.
func (t *lausTable) apply(a laus.Action, at time.Time, actor string, timedOut bool) error {
	before := t.match.Log()
	round := t.match.Round()
	if err := t.match.Apply(a); err != nil {
		return err
	}
	e := lausEntry{action: a, timedOut: timedOut}
	data, err := e.marshal()
	if err != nil {
		t.restore(before)
		return err
	}
	kept := t.saveSeatKeeping()
	// Before the deadline below: a seat the computer now keeps has none.
	lines := t.keepSeat(e)
	rec := store.ActionRecord{GameID: t.gameID, Seq: t.seq + 1, Data: data, At: at}
	var ended *laus.RoundResult
	var end *lausRoundEnd
	if t.match.Round() != round || t.match.Over() {
		// The engine deals the next round at once: the finished one is LastRound.
		if rr, ok := t.match.LastRound(); ok {
			ended = &rr
			rec.LausRound = t.storeRound(rr)
			// What the round's end shows in the channel is stored with it,
			// so that a restart still shows it.
			end = t.roundEnd(rr)
			rec.Announce = &store.Announcement{
				Body: encodeMessage(end.summary), RetireID: t.out.MessageID(), RetireBody: encodeMessage(end.retire),
			}
		}
	}
	if t.match.Over() {
		rec.Status = store.StatusFinished
		rec.Settle = &store.Settlement{LausLosers: t.match.Losers()}
		rec.Deadline = &store.Deadline{}
	} else {
		dl := t.nextDeadline()
		rec.Deadline = &dl
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := t.b.store.AppendAction(ctx, rec, nil); err != nil {
		t.b.log.Error("storing an action", "table", t.id, "action", a.String(), "err", err)
		t.restore(before)
		t.restoreSeatKeeping(kept)
		return errNotSaved
	}
	t.seq++
	for _, l := range lines {
		t.event(l)
	}
	t.describe(a, ended)
	t.afterChange(actor, end, false)
	return nil
}

// restore rebuilds the match from the log it had before a refused store.
func (t *lausTable) restore(log []laus.Action) {
	if m, err := laus.Replay(t.match.Config(), t.seed, log); err == nil {
		t.match = m
	}
}

// storeRound turns a finished round into the store's record of it.
func (t *lausTable) storeRound(rr laus.RoundResult) *store.LausRound {
	r := &store.LausRound{GameID: t.gameID, Round: rr.Round, Multiplier: rr.Multiplier.Factor}
	for i, sr := range rr.Seats {
		queens := 0
		for _, c := range sr.Pile {
			if c.IsQueen() {
				queens++
			}
		}
		r.Scores = append(r.Scores, store.LausSeatScore{
			Seat: i, User: t.seats[i].UserID, Computer: t.seats[i].Computer,
			CardPoints: sr.Points.CardPoints, QueenBonus: sr.Points.Bonus, QueensTaken: queens,
			QDCancelled: sr.Points.Cancelled && sr.Points.RawBonus > 0,
			Tricks:      sr.Tricks, Slam: rr.Multiplier.Slam == i, Score: sr.Score, Total: sr.Total,
		})
	}
	return r
}

// describe adds the public event line for an action.
func (t *lausTable) describe(a laus.Action, ended *laus.RoundResult) {
	who := t.seats[a.Actor()].mention()
	switch a := a.(type) {
	case laus.Look:
		t.event(who + " looked at the skat.")
	case laus.Pass:
		t.event(who + " passed: this round's scores double.")
	case laus.LayBack:
		t.event(who + " laid two cards back face down.")
	case laus.Play:
		t.event(fmt.Sprintf("%s played **%s**.", who, a.Card.Symbol()))
		switch {
		case ended != nil:
			t.event(fmt.Sprintf("%s took the last trick; round %d is over.", t.seats[ended.FinalTrick.Winner()].mention(), ended.Round))
		case t.match.View(-1).Trick.N == 0:
			if last, ok := t.match.View(-1).LastTrick(); ok {
				t.event(t.seats[last.Winner()].mention() + " took the trick.")
			}
		}
	}
	if ended != nil && !t.match.Over() {
		// The new round's message starts clean: the old round's plays
		// are in the summary, and its cards are dealt again.
		t.events = nil
		t.event(fmt.Sprintf("Round %d is over (summary above). %s deals round %d.",
			ended.Round, t.seats[t.match.Dealer()].mention(), t.match.Round()))
	}
}

// nextDeadline is the turn timer of the seat to act: none for a computer
// seat, nor for a seat the computer keeps for an absent player.
func (t *lausTable) nextDeadline() store.Deadline {
	if !t.playing() {
		return store.Deadline{}
	}
	s := t.match.Turn()
	if t.seats[s].Computer || t.afk[s] {
		return store.Deadline{}
	}
	return store.Deadline{At: time.Now().Add(t.turnTimer()), Kind: "turn"}
}

// lausRoundEnd is what the end of a round shows in the channel: its
// summary, and what the round's table message becomes once the next one
// is posted.
type lausRoundEnd struct {
	summary, retire rendering
}

func (t *lausTable) roundEnd(rr laus.RoundResult) *lausRoundEnd {
	why := fmt.Sprintf("Match %d · round %d is over: its summary and the next table are below.", t.settings.MatchNo, rr.Round)
	if rr.MatchOver {
		// Said so that it stays true if a restart closes the table before
		// the final table message is posted.
		why = fmt.Sprintf("Match %d · round %d is over, and so is the match: its summary below has the result.", t.settings.MatchNo, rr.Round)
	}
	return &lausRoundEnd{summary: lausSummary(t.id, t.settings.MatchNo, t.seats, rr), retire: t.closedView(why)}
}

// afterChange moves the table on after a stored action: a finished round's
// summary (marked posted once Discord has it) and a fresh table message,
// the match's end, timers, computer moves, and every open hand message.
func (t *lausTable) afterChange(actor string, end *lausRoundEnd, fresh bool) {
	if end != nil {
		b, gameID, seq := t.b, t.gameID, t.seq
		t.out.Announce(end.summary, func(id string) { b.markAnnounced(gameID, seq, id) })
		t.out.Retire(end.retire)
		fresh = true
	}
	if t.match.Over() {
		t.finish()
	} else {
		t.armTurn()
		t.scheduleComputer()
	}
	t.refreshAll(fresh, actor)
}

// armTurn (re)starts the turn timer of the seat to act.
func (t *lausTable) armTurn() {
	dl := t.nextDeadline()
	t.armTurnAt(dl.At)
}

// armTurnAt arms the turn timer for a given deadline (zero: none). Recovery
// uses it to keep the deadline players were shown before a restart.
func (t *lausTable) armTurnAt(at time.Time) {
	if t.stopTurn != nil {
		t.stopTurn()
		t.stopTurn = nil
	}
	t.deadline = at
	if at.IsZero() {
		return
	}
	seq := t.seq
	t.stopTurn = t.act.after(time.Until(at), func() {
		if t.seq == seq && t.playing() {
			t.timeout()
		}
	})
}

// timeout plays for a person whose turn timer ran out; the third time in a
// row the computer keeps their seat until they press "I'm back" (keepSeat).
func (t *lausTable) timeout() {
	s := t.match.Turn()
	if t.seats[s].Computer || t.afk[s] {
		return
	}
	t.playFor(s, true)
}

// playFor makes the computer player's move for seat s; timedOut marks a
// move made because its player's turn timer ran out.
func (t *lausTable) playFor(s int, timedOut bool) {
	a, ok := laus.Decide(laus.Computer{}, t.match.View(s))
	if !ok {
		return
	}
	if err := t.apply(a, time.Now(), "", timedOut); err != nil {
		t.b.log.Warn("computer move failed", "table", t.id, "seat", s, "err", err)
		t.armTurn()
	}
}

// scheduleComputer lets a computer seat (or a seat the computer keeps for
// an absent player) move after a short, human-readable pause.
func (t *lausTable) scheduleComputer() {
	if !t.playing() {
		return
	}
	s := t.match.Turn()
	if !t.seats[s].Computer && !t.afk[s] {
		return
	}
	seq := t.seq
	t.act.after(t.b.opts.ComputerDelay, func() {
		if t.seq != seq || !t.playing() || !(t.seats[s].Computer || t.afk[s]) {
			return
		}
		t.playFor(s, false)
	})
}

// back gives a player their seat back from the computer ("I'm back"). It
// is stored in the match's log before the player is told, like a move.
func (t *lausTable) back(in *Input) *Reply {
	s, r := t.mySeat(in)
	if r != nil {
		return r
	}
	if !t.playing() {
		return t.handReply(in, s, "The match is over.")
	}
	if !t.afk[s] {
		return ephemeralText("The computer is not playing for you, so there is nothing to take back: you have your seat.")
	}
	e := lausEntry{back: s}
	data, err := e.marshal()
	if err != nil {
		return ephemeralText(msgSomethingWrong)
	}
	kept := t.saveSeatKeeping()
	lines := t.keepSeat(e)
	rec := store.ActionRecord{GameID: t.gameID, Seq: t.seq + 1, Data: data, At: in.At}
	deadline := t.deadline // another seat's turn keeps its timer
	if t.match.Turn() == s {
		dl := t.nextDeadline()
		rec.Deadline, deadline = &dl, dl.At
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := t.b.store.AppendAction(ctx, rec, nil); err != nil {
		t.b.log.Error("storing I'm back", "table", t.id, "seat", s, "err", err)
		t.restoreSeatKeeping(kept)
		return t.handReply(in, s, "⚠️ "+lausRefusal(errNotSaved))
	}
	t.seq++
	for _, l := range lines {
		t.event(l)
	}
	// Timers and computer moves wait for the log position they were armed
	// at: arm them again at the new one.
	t.armTurnAt(deadline)
	t.scheduleComputer()
	t.refreshAll(false, in.UserID)
	return t.handReply(in, s, "Welcome back: your seat is yours again.")
}

// finish handles a match that just ended (its result is already stored).
func (t *lausTable) finish() {
	t.status = store.StatusFinished
	t.deadline = time.Time{}
	if t.stopTurn != nil {
		t.stopTurn()
	}
	// Players are free to sit elsewhere; Play again seats them anew.
	t.freeSeats()
	armIdle(t, t.b.opts.LobbyTimeout)
}

// playAgain starts a new match at the table with the same seats.
func (t *lausTable) playAgain(ctx context.Context, in *Input) *Reply {
	if _, r := t.mySeat(in); r != nil {
		return r
	}
	if t.playing() {
		return ephemeralText("The next match is already running.")
	}
	next := t.settings
	next.MatchNo++
	id, undo, r := t.nextGame(ctx, next.marshal())
	if r != nil {
		return r
	}
	// The finished match's message keeps its final state, without buttons.
	old := lausPublic(t.screen(-1)).withoutButtons()
	finished := *t
	t.gameID, t.settings = id, next
	if r := t.begin(ctx, in.At); r != nil {
		*t = finished
		undo()
		return r
	}
	return updateMessage("", old.Embeds, old.Components)
}

// screen builds the view model for seat (-1: the public table).
func (t *lausTable) screen(viewer int) lausScreen {
	return lausScreen{
		TableID: t.id, MatchNo: t.settings.MatchNo, Version: int(t.seq), Seats: t.seats,
		Settings: t.settings, View: t.match.View(viewer), Events: t.events, Deadline: t.deadline,
		AFK: t.afk,
	}
}

// refresh redraws the table message and every open hand message except
// actor's (whose own click is answered directly). fresh posts a new table
// message (a new round) instead of editing the current one.
func (t *lausTable) refreshAll(fresh bool, actor string) {
	if t.match == nil {
		return
	}
	t.out.SetPublic(lausPublic(t.screen(-1)), fresh)
	t.refreshHands(actor, func(s int, _ string) rendering { return lausHand(t.screen(s)) })
}
