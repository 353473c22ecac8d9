package table

import (
	"context"
	"time"

	"github.com/cardbot/cardbot/store"
)

// StoreTimeout bounds a store write a table makes outside a click's own
// context (a move, its message's ID, an announcement posted): a stuck
// database fails the write, which is logged or told, rather than stalling
// the table.
const StoreTimeout = 5 * time.Second

// Commit is the end of every move: it stores rec as the table's next
// action and only then advances the table's position (Seq), so every move
// a player is told of is stored first. ended, if not nil, ends the game
// with the move, in the same transaction: its settlement (chips and
// results), the finished status, and the after-game deadline the table
// stays open until, across a restart too. A failure is logged as what
// ("an action") and returned as ErrNotSaved: the game undoes the move in
// memory.
func (c *Core) Commit(rec store.ActionRecord, ended *store.Settlement, what string) error {
	rec.GameID, rec.Seq = c.GameID, c.Seq+1
	if ended != nil {
		rec.Status, rec.Settle = store.StatusFinished, ended
		dl := c.Env.AfterGameDeadline()
		rec.Deadline = &dl
	}
	ctx, cancel := context.WithTimeout(context.Background(), StoreTimeout)
	defer cancel()
	if err := c.Env.Store.AppendAction(ctx, rec, nil); err != nil {
		c.Env.Log.Error("storing "+what, "table", c.ID, "seq", rec.Seq, "data", string(rec.Data), "err", err)
		return ErrNotSaved
	}
	c.Seq++
	return nil
}
