package table

import (
	"context"
	"slices"
	"time"

	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// A table outlives its game: for LobbyTimeout after the end its message
// shows the result with Play again, then ArmIdle closes it. That deadline
// is stored with the game's final action, so a restart within it (even a
// crash before the final message reached Discord) rebuilds the table as it
// was after the game: the game is replayed to its end, nothing is settled
// again, and the message is redrawn (see ResumeFinished).

// EndGame makes a table whose game just ended (its result already stored,
// with the deadline of AfterGameDeadline) a table after its game: no turn,
// no turn timer or notice, the game's seats kept for its final message
// while people leave, everyone free to sit elsewhere (Play again seats them
// anew), and the idle timer armed to close it. A game clears its own state
// (Laro's claim window and pot) besides.
func EndGame(t LobbyGame) {
	c := t.TableCore()
	c.Status = store.StatusFinished
	c.Deadline = time.Time{}
	c.EndNotices()
	if c.StopTurn != nil {
		c.StopTurn()
	}
	c.EndSeats = slices.Clone(c.Seats)
	c.FreeSeats()
	ArmIdle(t, c.Env.Timing.LobbyTimeout)
}

// AfterGameDeadline is the stored deadline of a game ending now: when its
// table closes unless someone plays again.
func (e *Env) AfterGameDeadline() store.Deadline {
	return store.Deadline{At: time.Now().Add(e.Timing.LobbyTimeout), Kind: "idle"}
}

// ResumeFinished restarts a rebuilt table whose game ended before the
// restart, once the game has replayed its log to the end. The table message
// is redrawn in its after-game state (the game's FinalView, with Play
// again; a game played in a thread also gets its thread closed, unless that
// was done), open hand messages show the end, and the idle timer closes the
// table when the stored deadline comes. retire, if not nil, is what the
// stored table message becomes: the game's end called for a fresh message
// (a Laus match's last round), which is posted now. People who left the
// table after the game stay gone; if nobody is left, the message is redrawn
// without buttons and the table stays closed.
func (e *Env) ResumeFinished(ctx context.Context, t LobbyGame, g store.Game, retire *ui.Rendering) {
	c := t.TableCore()
	threadOpen := c.InThread() && !e.threads().Archived(ctx, c.Thread.ID)
	home := g.MessageID // the table's message in the channel
	if c.InThread() {
		home = c.Thread.Lobby
	}
	e.Start(t, home)
	c.Act.Post(func() {
		RefreshHands(t, "")
		final := t.FinalView() // while every seat of the game is in it
		c.EndSeats = slices.Clone(c.Seats)
		c.Seats = stillSeated(c.Seats, g.Seats)
		c.restoreReady(g.Seats)
		after := AfterGameView(t, final)
		if next, ok := FirstHuman(c.Seats); !ok {
			CloseTable(t)
			after = after.WithoutButtons()
		} else {
			if SeatIndex(c.Seats, c.Host) < 0 {
				c.Host = next
			}
			ArmIdle(t, max(time.Until(g.Deadline.At), time.Second))
		}
		switch {
		case threadOpen:
			msg := g.MessageID
			if msg == c.Thread.Lobby {
				msg = "" // the thread's table message was never posted
			}
			c.Out.MoveTo(c.Thread.ID, msg)
			if retire != nil {
				c.Out.ReplaceLater(*retire)
			}
			c.Out.EndThread(final.WithoutButtons(), c.Channel, c.Thread.Lobby, after)
		case retire != nil && !c.InThread():
			c.Out.Retire(*retire)
			c.Out.SetPublic(after, true)
		default:
			c.Out.SetPublic(after, home == "")
		}
		c.Out.Hurry()
	})
}

// stillSeated drops from seats (the game's, rebuilt from stored) the people
// who left after the game.
func stillSeated(seats []Seat, stored []store.Seat) []Seat {
	out := slices.Clone(seats)
	for i := len(stored) - 1; i >= 0; i-- {
		if stored[i].Left && i < len(out) {
			out = slices.Delete(out, i, i+1)
		}
	}
	return out
}

// SaveLeavers stores who has left the table since its game ended: every
// person of gameSeats (the game's seats, in order) who is not in seated. A
// restart within the table's after-game time then does not seat them again.
func (c *Core) SaveLeavers(ctx context.Context, gameSeats, seated []Seat) error {
	stored := StoreSeats(gameSeats)
	for i, s := range gameSeats {
		stored[i].Left = !s.Computer && SeatIndex(seated, s.UserID) < 0
	}
	_, err := c.Env.Store.UpdateGame(ctx, c.GameID, store.GameUpdate{Seats: stored})
	return err
}
