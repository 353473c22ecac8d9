package table

import (
	"context"
	"fmt"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// A Rebuilder is a game table being rebuilt after a restart by Env.Rebuild:
// what differs between games is how a stored log replays and how a game
// being played picks up its timers again.
type Rebuilder interface {
	LobbyGame
	// Replay replays the game's stored log into the table, its start
	// record (the seed) first, so its recent events read as before.
	Replay(log []store.ActionRecord) error
	// Over reports whether the replayed game has ended.
	Over() bool
	// Ended readies a table whose game ended before the restart for its
	// after-game message (its result, worked out again; no chip moves).
	Ended()
	// Resume, on the table's goroutine, picks up a game still being
	// played: it re-arms its timers, keeping the stored deadline g.Deadline
	// the players were shown, and redraws the table message. retire, if
	// not nil, is what the stored table message becomes: the game had
	// moved on to a fresh message that was not posted (or not stored).
	Resume(g store.Game, retire *ui.Rendering)
}

// Rebuild is the recovery every game shares, for one stored table: the
// settings are read into settings, build makes the game's table around the
// restored core, and then the table comes back as it was: a lobby, a game
// being played (its log replayed, its hands and timers back), or a table
// after its game, with Play again until its idle deadline (ResumeFinished).
func (e *Env) Rebuild(ctx context.Context, g store.Game, title string, settings any, build func(Core) Rebuilder) error {
	core, log, err := e.Restore(ctx, g, title, settings)
	if err != nil {
		return err
	}
	t := build(core)
	if log == nil {
		e.ResumeLobby(t, g)
		return nil
	}
	if err := t.Replay(log); err != nil {
		return err
	}
	c := t.TableCore()
	c.Seq = log[len(log)-1].Seq
	g.MessageID = e.homeMessage(ctx, c, g.MessageID, log[0].At, t.Number())
	retire, retired, err := e.Retired(ctx, g)
	if err != nil {
		return err
	}
	var retireAs *ui.Rendering
	if retired {
		retireAs = &retire
	}
	c.LoadHands(ctx)
	if g.Status == store.StatusFinished {
		// The game ended before the restart: its result was stored with
		// its last action, and the table shows it with Play again.
		if !t.Over() {
			return fmt.Errorf("stored as finished, but its replay is not over")
		}
		t.Ended()
		e.ResumeFinished(ctx, t, g, retireAs)
		return nil
	}
	e.Start(t, g.MessageID)
	restarted := "table.restarted." + c.noun()
	if !lang.English.Has(restarted) {
		restarted = "table.restarted.game"
	}
	c.Act.Post(func() {
		c.Event(c.Lang.T(restarted))
		t.Resume(g, retireAs)
	})
	return nil
}
