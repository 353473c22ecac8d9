package laro

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	rules "github.com/cardbot/cardbot/engine/laro"
	"github.com/cardbot/cardbot/store"
)

// Recover rebuilds one Laro table after a restart through the shared
// recovery (table.Env.Rebuild): its game is replayed from the stored log,
// its timers re-armed from the stored deadline, and its message redrawn so
// every button works again. A table whose game had ended is rebuilt as it
// was after the game, with Play again, until its idle deadline.
func (lg *Game) Recover(ctx context.Context, g store.Game) error {
	var s laroSettings
	return lg.env.Rebuild(ctx, g, "Laro", &s, func(core table.Core) table.Rebuilder { // lang:keep — the game's name
		t := &laroTable{Core: core, settings: s, pot: g.Pot}
		t.Thread.Want = s.Thread
		return t
	})
}

// Replay replays the stored log one action at a time, so the table's recent
// events and the players' notes read as they did before the restart.
// Intents after the last action are the LARO! window's calls and waiting
// draw, kept for Resume to settle anew.
func (t *laroTable) Replay(recs []store.ActionRecord) error {
	var seed uint64
	var dealer int
	if _, err := fmt.Sscanf(string(recs[0].Data), "start %x %d", &seed, &dealer); err != nil { // lang:keep — the stored log's form
		return fmt.Errorf("start record %q: %w", recs[0].Data, err)
	}
	game, err := rules.New(rules.Config{Seats: len(t.Seats), Dealer: dealer}, seed)
	if err != nil {
		return fmt.Errorf("deal: %w", err)
	}
	t.game, t.seed = game, seed
	t.resetRound()
	var intents []store.ActionRecord
	lastAt := recs[0].At
	for _, r := range recs[1:] {
		if strings.HasPrefix(string(r.Data), intentPrefix) {
			intents = append(intents, r)
			continue
		}
		a, err := rules.ParseAction(string(r.Data))
		if err != nil {
			return fmt.Errorf("action %d: %w", r.Seq, err)
		}
		card, discarder, _ := game.Claimable()
		if err := game.Apply(a); err != nil {
			return fmt.Errorf("replaying action %d (%s): %w", r.Seq, a, err)
		}
		if c, ok := a.(rules.Call); ok {
			// A draw waiting when this call won was cancelled by it.
			for _, in := range intents {
				if draw, seat, _, ok := parseIntent(in); ok && draw {
					t.drawCancelled(seat, c.Seat, card)
				}
			}
		}
		t.moved(a)
		t.describe(a, discarder)
		t.moves++
		intents, lastAt = nil, r.At
	}
	t.replayed = replayedWindow{intents: intents, lastAt: lastAt}
	return nil
}

// replayedWindow is what Replay leaves for Resume: the intents stored after
// the last action, and when that action was.
type replayedWindow struct {
	intents []store.ActionRecord
	lastAt  time.Time
}

// Over reports whether the replayed game has ended.
func (t *laroTable) Over() bool { return t.game.Over() }

// Ended works out the result of a game that ended before the restart, as
// its end did, for the chips line of the final message; no chip moves: the
// settlement was stored with the final action.
func (t *laroTable) Ended() {
	t.settlement() // for t.result
	t.pot = 0
}

// Resume picks up a game being played: the LARO! window it had open, its
// turn timer at the deadline the players were shown, and its computers.
func (t *laroTable) Resume(g store.Game, _ *ui.Rendering) {
	w := t.replayed
	t.replayed = replayedWindow{}
	if card, discarder, ok := t.game.Claimable(); ok && t.activeSeats() > 1 {
		t.openWindow(card, discarder, w.lastAt)
		t.restoreIntents(w.intents)
	}
	t.armTurn()
	if !g.Deadline.At.IsZero() && t.StopTurn != nil {
		// Keep the deadline the players were shown before the restart.
		t.StopTurn()
		t.Deadline = g.Deadline.At
		moves := t.moves
		t.StopTurn = t.Act.After(time.Until(g.Deadline.At), func() {
			if t.moves == moves && t.playing() {
				t.timeout()
			}
		})
	}
	t.scheduleComputer()
	t.refreshFresh(g.MessageID == "", "")
}

// restoreIntents puts the stored calls and waiting draw back into the LARO!
// window after a restart, and settles it as it would have been. Callers are
// told the outcome on the table: their answer's token died with the bot.
func (t *laroTable) restoreIntents(intents []store.ActionRecord) {
	w := t.window
	for _, r := range intents {
		draw, seat, fromDiscard, ok := parseIntent(r)
		switch {
		case !ok:
		case draw:
			w.draw = &pendingDraw{seat: seat, at: r.At, fromDiscard: fromDiscard}
		default:
			if best, ok := t.game.BestCall(seat); ok {
				w.calls = append(w.calls, laroCall{seat: seat, at: r.At, best: best})
			}
		}
	}
	if len(w.calls) > 0 || w.draw != nil {
		t.scheduleSettle()
	}
}

// parseIntent reads a stored intent (see callIntent and drawIntent): a
// waiting draw (draw, from the deck or the discard) or else a LARO! call,
// by seat. ok is false for a record that is neither.
func parseIntent(r store.ActionRecord) (draw bool, seat int, fromDiscard bool, ok bool) {
	text := strings.TrimPrefix(string(r.Data), intentPrefix)
	var pile string
	switch {
	case strings.HasPrefix(text, "call "):
		_, err := fmt.Sscanf(text, "call %d", &seat) // lang:keep — the stored log's form
		return false, seat, false, err == nil
	case strings.HasPrefix(text, "draw "):
		_, err := fmt.Sscanf(text, "draw %d %s", &seat, &pile) // lang:keep — the stored log's form
		return true, seat, pile == "discard", err == nil
	}
	return false, 0, false, false
}
