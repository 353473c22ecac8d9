package table

import (
	"context"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// A game's table message is posted after the click that started the game, and
// its ID is stored once Discord has answered (saveMessageID). Should that store
// fail (the database went away just then) and the table be rebuilt, the game's
// stored message is still the one before it: the lobby, or the last game's
// message. Edited as the table, that older message would come alive above the
// real one, which would stay below it with a stale board and working buttons:
// players look at the newest, and would wait for a turn that never shows.

// lostMessageLookBack is how many of a channel's latest messages are searched
// for a table message whose ID was not stored.
const lostMessageLookBack = 50

// saveRetries is how often a table message ID that could not be stored is tried
// again, a little later each time, while the table runs.
const saveRetries = 6

// retrySaveMessageID tries storing the table message ID again after a failure, for
// as long as id is still the table's message.
func (c *Core) retrySaveMessageID(id string, try int) {
	if try >= saveRetries || c.Act == nil {
		return
	}
	c.Act.After(time.Second<<try, func() {
		if c.Out.MessageID() != id {
			return // a newer message has replaced it, and stores its own ID
		}
		if err := c.storeMessageID(id); err != nil {
			c.Env.Log.Warn("storing the table message ID", "table", c.ID, "try", try+2, "err", err)
			c.retrySaveMessageID(id, try+1)
		}
	})
}

// homeMessage is the message a rebuilt channel table edits: the stored one,
// unless it is older than started (the click that started the game), so that the
// game's own table message was posted but its ID not stored. Then that message is
// looked for among the channel's latest (the newest of the bot's with a button of
// this table's game number n) and its ID stored; if it is not found, "" (a fresh
// table message is posted).
func (e *Env) homeMessage(ctx context.Context, c *Core, stored string, started time.Time, n int) string {
	if stored == "" || c.InThread() || started.IsZero() {
		return stored
	}
	posted, err := discordgo.SnowflakeTimestamp(stored)
	if err != nil || !posted.Before(started) {
		return stored
	}
	if err := e.Pace.Wait(ctx); err != nil {
		return ""
	}
	ms, err := e.Session.ChannelMessages(c.Channel, lostMessageLookBack, "", "", "", discordgo.WithContext(ctx))
	if err != nil {
		e.Log.Warn("looking for a table message whose ID was not stored", "table", c.ID, "err", err)
		return ""
	}
	for _, m := range ms { // newest first
		if m.ID != stored && e.ownTableMessage(m, c, n) {
			if err := c.storeMessageID(m.ID); err != nil {
				e.Log.Warn("storing the table message ID", "table", c.ID, "err", err)
			}
			e.Log.Info("found a table message whose ID was not stored", "table", c.ID, "message", m.ID)
			return m.ID
		}
	}
	return ""
}

// ownTableMessage reports whether m is the bot's and carries a button of table
// c's game n.
func (e *Env) ownTableMessage(m *discordgo.Message, c *Core, n int) bool {
	if st := e.Session.State; m.Author == nil || st == nil || st.User == nil || m.Author.ID != st.User.ID {
		return false
	}
	for _, row := range m.Components {
		r, ok := row.(*discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, comp := range r.Components {
			b, ok := comp.(*discordgo.Button)
			if !ok {
				continue
			}
			id, err := ui.ParseComponentID(b.CustomID, c.Name())
			if err == nil && id.Key == c.ID && id.Stamp == n {
				return true
			}
		}
	}
	return false
}

// storeMessageID stores id as the table's message.
func (c *Core) storeMessageID(id string) error {
	ctx, cancel := context.WithTimeout(context.Background(), StoreTimeout)
	defer cancel()
	_, err := c.Env.Store.UpdateGame(ctx, c.GameID, store.GameUpdate{MessageID: &id})
	return err
}
