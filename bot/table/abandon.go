package table

import (
	"context"

	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// Abandon ends t's game as one that nobody won. It is the one way a table
// is closed from outside its game: by a moderator, when its channel can no
// longer be reached, or when its game cannot be rebuilt.
//
// A game in its lobby or in play is cancelled in the store with every chip
// its players paid into the pot given back and every hold released
// (store.AbandonGame), and c records who closed it and why. A table that
// shows a finished game has nothing at stake and simply closes. Either
// way its timers stop, its seats are freed and its clicks are refused.
// When shown is not empty the table message is replaced by it; pass ""
// when the message can no longer be reached: then whatever the table had
// queued for its channel is dropped. Either way nothing is sent to the
// table's channel after that (Outbox.Close).
//
// Abandon reports false when the table had closed already. It runs on the
// table's actor.
func Abandon(ctx context.Context, t Table, c store.Closure, shown string) (bool, error) {
	return abandon(ctx, t, c, shown, nil)
}

// AbandonAndTell is Abandon that also posts note to the table's channel,
// before its last table message, once the game is closed: a message that
// mentions the players, so that Discord notifies them.
func AbandonAndTell(ctx context.Context, t Table, c store.Closure, shown string, note ui.Rendering) (bool, error) {
	return abandon(ctx, t, c, shown, &note)
}

func abandon(ctx context.Context, t Table, c store.Closure, shown string, note *ui.Rendering) (bool, error) {
	core := t.TableCore()
	if core.Status == store.StatusCancelled {
		return false, nil
	}
	// The stored closure and the freed seats are seen together: a player
	// told of the closure, or anyone reading it from the store, finds
	// their seat free (Env.closing).
	core.Env.closing.Lock()
	if core.GameID != "" && !core.Status.Closed() {
		if _, err := core.Env.Store.AbandonGame(ctx, core.GameID, c); err != nil {
			core.Env.closing.Unlock()
			return false, err
		}
	}
	if core.StopIdle != nil {
		core.StopIdle()
	}
	CloseTable(t)
	core.Env.closing.Unlock()
	core.EndNotices() // a ping for a turn that will not come goes too
	if note != nil && shown != "" {
		core.Out.Announce(*note, nil)
	}
	// Nothing queued after this is sent: the table is closed.
	if shown != "" {
		v := core.ClosedView(shown)
		core.Out.Close(&v)
	} else {
		core.Out.Close(nil)
	}
	core.Env.Log.Info("table abandoned", "table", core.ID, "game", core.GameID, "reason", c.Reason, "by", c.By)
	return true, nil
}
