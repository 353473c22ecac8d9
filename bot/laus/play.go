package laus

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	rules "github.com/cardbot/cardbot/engine/laus"
	"github.com/cardbot/cardbot/store"
)

// takeoverAfter is how many timed-out turns in a row hand a seat to the
// computer until its player presses "I'm back", as the rules say.
const takeoverAfter = 3

// playing reports whether the table runs a match that is not over.
func (t *lausTable) playing() bool { return t.match != nil && !t.match.Over() }

// start begins the table's first match, with 3 or 4 seated (lobbyClick has
// checked that the host clicked).
func (t *lausTable) start(ctx context.Context, in *ui.Input) *ui.Reply {
	if n := len(t.Seats); n < minLausSeats || n > maxLausSeats {
		return ui.EphemeralText(in.Lang().N("laus.start.too_few", n, "Min", minLausSeats, "Max", maxLausSeats))
	}
	return table.StartGame(ctx, t, in, func() *ui.Reply { return t.begin(ctx, in.At) })
}

// begin deals a new match and stores its first log entry, the seed.
func (t *lausTable) begin(ctx context.Context, at time.Time) *ui.Reply {
	seed := t.Env.Timing.NewSeed()
	m, err := rules.NewMatch(rules.MatchConfig{Seats: len(t.Seats), Target: t.settings.Target}, seed)
	if err != nil {
		t.Env.Log.Error("dealing", "table", t.ID, "err", err)
		return somethingWrong(t.Lang)
	}
	t.match, t.seed, t.Seq = m, seed, 0
	t.resetMatch()
	dl := t.nextDeadline()
	rec := store.ActionRecord{
		GameID: t.GameID, Seq: 1, Data: []byte(lausStartRecord(seed)), At: at,
		Status: store.StatusPlaying, Deadline: &dl,
	}
	if err := t.Env.Store.AppendAction(ctx, rec, nil); err != nil {
		t.match = nil
		t.Env.Log.Error("starting a match", "table", t.ID, "err", err)
		return somethingWrong(t.Lang)
	}
	t.Seq = 1
	t.Status = store.StatusPlaying
	if t.StopIdle != nil {
		t.StopIdle()
	}
	t.Event(t.Lang.T("laus.event.dealt", "Match", t.settings.MatchNo, "Who", t.Seats[m.Dealer()].Label()))
	t.afterChange("", false, true)
	return nil
}

// lausStartRecord is the first entry of a match's log: the seed every
// shuffle (and the first dealer) comes from.
func lausStartRecord(seed uint64) string { return fmt.Sprintf("start %016x", seed) } // lang:keep — the log's wire form

// resetMatch clears what belongs to one match.
func (t *lausTable) resetMatch() {
	t.Events = nil
	t.timeouts = make([]int, len(t.Seats))
	t.afk = make([]bool, len(t.Seats))
}

// HandView renders seat's hand message with note, the answer to a click,
// on top.
func (t *lausTable) HandView(seat int, note string) ui.Rendering {
	sc := t.screen(seat)
	sc.Note = note
	return lausHand(sc)
}

// move handles the move buttons and the lay-back menu of a hand message.
func (t *lausTable) move(ctx context.Context, in *ui.Input) *ui.Reply {
	s, r := t.MySeat(in)
	if r != nil {
		return r
	}
	l := in.Lang()
	c, valid := parseMoveControl(in.Component)
	if c.Seq != int(t.Seq) {
		return table.HandReply(t, in, s, l.T("laus.move.stale"))
	}
	if !t.playing() {
		return table.HandReply(t, in, s, l.T("laus.move.over"))
	}
	if t.afk[s] {
		return table.HandReply(t, in, s, l.T("laus.move.computer_plays"))
	}
	var a rules.Action
	switch c.Verb {
	case verbLook:
		a = rules.Look{Seat: s}
	case verbPass:
		a = rules.Pass{Seat: s}
	case verbLay:
		if len(in.Values) != 2 {
			return table.HandReply(t, in, s, l.T("laus.move.choose_two"))
		}
		var cs [2]rules.Card
		for i, v := range in.Values {
			card, err := rules.ParseCard(v)
			if err != nil {
				return ui.EphemeralText(l.T("laus.move.not_our_menu"))
			}
			cs[i] = card
		}
		a = rules.LayBack{Seat: s, Cards: cs}
	case verbPlay:
		if !valid {
			return ui.EphemeralText(l.T("laus.move.not_our_button"))
		}
		a = rules.Play{Seat: s, Card: c.Card}
	}
	if err := t.apply(a, in.At, in.UserID, false); err != nil {
		return table.HandReply(t, in, s, "⚠️ "+lausRefusal(l, err))
	}
	return table.HandReply(t, in, s, "")
}

// lausRefusal turns an engine or store error into the sentence a player
// reads, in l: the one place such messages are made.
func lausRefusal(l lang.Lang, err error) string {
	switch {
	case errors.Is(err, table.ErrNotSaved):
		return ui.Saving(l) // the database did not take it: nothing happened, try again
	case errors.Is(err, rules.ErrNotYourTurn):
		return l.T("laus.refusal.not_your_turn")
	case errors.Is(err, rules.ErrMustFollow):
		return l.T("laus.refusal.must_follow")
	case errors.Is(err, rules.ErrNotInHand):
		return l.T("laus.refusal.not_in_hand")
	case errors.Is(err, rules.ErrLayBackQJ):
		return l.T("laus.refusal.layback_qj")
	case errors.Is(err, rules.ErrSameCard):
		return l.T("laus.refusal.same_card")
	case errors.Is(err, rules.ErrSkatPending):
		return l.T("laus.refusal.skat_pending")
	case errors.Is(err, rules.ErrMustLayBack):
		return l.T("laus.refusal.must_lay_back")
	case errors.Is(err, rules.ErrSkatDone), errors.Is(err, rules.ErrNotLooking), errors.Is(err, rules.ErrNoSkat):
		return l.T("laus.refusal.not_now")
	case errors.Is(err, rules.ErrMatchOver):
		return l.T("laus.move.over")
	}
	// The engine's own words, for a refusal no case above foresaw: its
	// errors are English (they go to the log too).
	return l.T("laus.refusal.unforeseen", "Why", strings.TrimPrefix(err.Error(), "laus: "))
}

// somethingWrong is the answer to a click that failed on our side, in l.
func somethingWrong(l lang.Lang) *ui.Reply { return ui.EphemeralText(l.T("common.something_wrong")) }

// apply checks a with the engine, stores it (with the round it finished and
// the match's result, in the same transaction) and only then lets the table
// move on. A store failure undoes the move in memory. actor is the user
// whose own click this answers ("" for timers and computers): their hand
// message is answered directly rather than edited. timedOut marks a move
// made because the player's turn timer ran out; it is stored as such, so
// that who plays the seat is rebuilt exactly after a restart.
func (t *lausTable) apply(a rules.Action, at time.Time, actor string, timedOut bool) error {
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
	rec := store.ActionRecord{Data: data, At: at}
	var ended *rules.RoundResult
	if t.match.Round() != round || t.match.Over() {
		// The engine deals the next round at once: the finished one is
		// LastRound. Its summary goes into the summary message, posted
		// with this action if the match has none yet (summary_message.go).
		if rr, ok := t.match.LastRound(); ok {
			ended = &rr
			rec.LausRound = t.storeRound(rr)
		}
	}
	if rr, ok := t.match.LastRound(); ok {
		rec.Announce = t.summaryAnnouncement(rr, ended != nil)
	}
	var over *store.Settlement
	if t.match.Over() {
		over = &store.Settlement{LausLosers: t.match.Losers()}
	} else {
		dl := t.nextDeadline()
		rec.Deadline = &dl
	}
	if err := t.Commit(rec, over, "an action"); err != nil { // lang:keep — named in the log
		t.restore(before)
		t.restoreSeatKeeping(kept)
		return err
	}
	if rec.Announce != nil {
		t.summaryStored(t.Seq) // Commit advanced Seq to the stored action's
	}
	for _, l := range lines {
		t.Event(l)
	}
	t.describe(a, ended)
	t.afterChange(actor, ended != nil, false)
	return nil
}

// restore rebuilds the match from the log it had before a refused store.
func (t *lausTable) restore(log []rules.Action) {
	if m, err := rules.Replay(t.match.Config(), t.seed, log); err == nil {
		t.match = m
	}
}

// storeRound turns a finished round into the store's record of it.
func (t *lausTable) storeRound(rr rules.RoundResult) *store.LausRound {
	r := &store.LausRound{GameID: t.GameID, Round: rr.Round, Multiplier: rr.Multiplier.Factor}
	for i, sr := range rr.Seats {
		queens := 0
		for _, c := range sr.Pile {
			if c.IsQueen() {
				queens++
			}
		}
		r.Scores = append(r.Scores, store.LausSeatScore{
			Seat: i, User: t.Seats[i].UserID, Computer: t.Seats[i].Computer,
			CardPoints: sr.Points.CardPoints, QueenBonus: sr.Points.Bonus, QueensTaken: queens,
			QDCancelled: sr.Points.Cancelled && sr.Points.RawBonus > 0,
			Tricks:      sr.Tricks, Slam: rr.Multiplier.Slam == i, Score: sr.Score, Total: sr.Total,
		})
	}
	return r
}

// describe adds the public event line for an action.
func (t *lausTable) describe(a rules.Action, ended *rules.RoundResult) {
	who, l := t.Seats[a.Actor()].Label(), t.Lang
	switch a := a.(type) {
	case rules.Look:
		t.Event(l.T("laus.event.looked", "Who", who))
	case rules.Pass:
		t.Event(l.T("laus.event.passed", "Who", who))
	case rules.LayBack:
		t.Event(l.T("laus.event.laid_back", "Who", who))
	case rules.Play:
		t.Event(l.T("laus.event.played", "Who", who, "Card", cardLabel(l, a.Card)))
		switch {
		case ended != nil:
			t.Event(l.T("laus.event.last_trick", "Who", t.Seats[ended.FinalTrick.Winner()].Label(), "Round", ended.Round))
		case t.match.View(-1).Trick.N == 0:
			if last, ok := t.match.View(-1).LastTrick(); ok {
				t.Event(l.T("laus.event.took_trick", "Who", t.Seats[last.Winner()].Label()))
			}
		}
	}
	if ended != nil && !t.match.Over() {
		// The new round's events start clean: the old round's plays are
		// in its summary, and its cards are dealt again.
		t.Events = nil
		// One line on a phone. No "above" or "below": which of the two
		// messages is newer depends on which moved last (summary.go). The
		// new dealer is marked in the seats.
		t.Event(l.T("laus.event.round_over", "Round", ended.Round))
	}
}

// afterChange moves the table on after a stored action: at a round's end
// the table message moves below if it has grown too old to edit (see
// summary.go), the match's end, timers, computer moves, and every open hand
// message. fresh posts a new table message (a new match).
func (t *lausTable) afterChange(actor string, roundEnded, fresh bool) {
	if roundEnded && !t.match.Over() && t.messageOld() {
		t.Out.Retire(t.ClosedView(t.Lang.T("laus.table.goes_on_below", "Match", t.settings.MatchNo)))
		fresh = true
	}
	if t.match.Over() {
		t.finish()
	} else {
		t.armTurn()
		t.scheduleComputer()
	}
	// The redraws wait until the click that made the change is answered
	// (see Actor.Later).
	t.Act.Later(func() {
		t.refreshAll(fresh, actor)
		if t.match.Over() {
			table.CloseThread(t, t.public())
		}
	})
}

// screen builds the view model for seat (-1: the public table).
func (t *lausTable) screen(viewer int) lausScreen {
	seats := t.Seats
	if t.EndSeats != nil && !t.playing() {
		seats = t.EndSeats // people may have left since the match ended
	}
	l := t.Lang // the public table: the server's language
	if viewer >= 0 && viewer < len(seats) {
		l = t.ReaderLang(seats[viewer].UserID)
	}
	return lausScreen{
		Lang:    l,
		TableID: t.ID, GameID: t.GameID, MatchNo: t.settings.MatchNo, Version: int(t.Seq), Seats: seats,
		Settings: t.settings, View: t.match.View(viewer), Events: t.Events, Deadline: t.Deadline,
		AFK: t.afk, Emojis: t.Env.Emojis.Now(),
	}
}

// refreshAll redraws the table message, the summary message if a round
// has ended since it was drawn, and every open hand message except actor's
// (whose own click is answered directly). fresh posts a new table message
// (a new match, or an old message retired) instead of editing the current
// one.
func (t *lausTable) refreshAll(fresh bool, actor string) {
	if t.match == nil {
		return
	}
	t.showSummary()
	t.Out.SetPublic(t.public(), fresh)
	table.RefreshHands(t, actor)
}
