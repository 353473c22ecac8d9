package table

import (
	"context"
	"errors"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/outbox"
	"github.com/cardbot/cardbot/bot/threads"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// What the tables do when their place goes away (see package outbox,
// unreachable.go, for how the outbox finds out from its own calls).

// WatchPlaces has the tables follow what Discord's gateway says of their
// places: a deleted channel or a server the bot was removed from ends
// their tables as abandoned, and a game's thread archived, locked or
// deleted is reopened or left for its channel. forget removes the
// handlers.
func (e *Env) WatchPlaces(s *discordgo.Session) (forget func()) {
	handlers := []func(){
		s.AddHandler(func(_ *discordgo.Session, ev *discordgo.ChannelDelete) {
			if ev.Channel != nil {
				e.channelDeleted(ev.GuildID, ev.ID)
			}
		}),
		s.AddHandler(func(_ *discordgo.Session, ev *discordgo.GuildDelete) {
			// With unavailable set the server is in an outage and comes
			// back; without it the bot was removed (Discord's docs).
			if ev.Guild != nil && !ev.Unavailable {
				e.lose(func(c *Core) bool { return c.Guild == ev.ID }, "table.lost.removed")
			}
		}),
		s.AddHandler(func(_ *discordgo.Session, ev *discordgo.ThreadUpdate) {
			if ev.Channel == nil || ev.ThreadMetadata == nil || !ev.ThreadMetadata.Archived && !ev.ThreadMetadata.Locked {
				return
			}
			why := outbox.ThreadArchived
			if ev.ThreadMetadata.Locked {
				why = outbox.ThreadLocked
			}
			e.threadShut(ev.GuildID, ev.ParentID, ev.ID, why)
		}),
		s.AddHandler(func(_ *discordgo.Session, ev *discordgo.ThreadDelete) {
			if ev.Channel != nil {
				e.threadShut(ev.GuildID, ev.ParentID, ev.ID, outbox.ThreadDeleted)
			}
		}),
	}
	return func() {
		for _, f := range handlers {
			f()
		}
	}
}

// channelDeleted ends the tables of a deleted channel; a deleted thread
// arrives here too from a gateway that sends CHANNEL_DELETE for it.
func (e *Env) channelDeleted(guild, id string) {
	e.lose(func(c *Core) bool { return c.Guild == guild && c.Channel == id }, "table.lost.channel_deleted")
	for _, t := range e.tablesOf(guild) {
		c := t.TableCore()
		c.Act.Post(func() { c.leaveShutThread(id, outbox.ThreadDeleted) })
	}
}

// threadShut tells the tables of parent that their game's thread may be
// shut; each checks on its own actor whether it plays there.
func (e *Env) threadShut(guild, parent, thread string, why outbox.ThreadShut) {
	for _, t := range e.tablesOf(guild) {
		if c := t.TableCore(); c.Channel == parent {
			c.Act.Post(func() { c.leaveShutThread(thread, why) })
		}
	}
}

// lose loses the place of every table that match picks. match reads only
// what never changes in a table (its server and channel).
func (e *Env) lose(match func(*Core) bool, why string) {
	e.mu.Lock()
	var lost []*Core
	for _, t := range e.tables {
		if c := t.TableCore(); match(c) {
			lost = append(lost, c)
		}
	}
	e.mu.Unlock()
	for _, c := range lost {
		c.Out.Lose(why)
	}
}

// tablesOf returns the live tables of a server.
func (e *Env) tablesOf(guild string) []Table {
	e.mu.Lock()
	defer e.mu.Unlock()
	var out []Table
	for _, t := range e.tables {
		if t.TableCore().Guild == guild {
			out = append(out, t)
		}
	}
	return out
}

// watchReach wires a started table's outbox to the table: a lost place
// abandons the table, a shut thread is reopened or left, both on the
// table's actor.
func (c *Core) watchReach(t Table) {
	c.Out.Watch(c.Channel, c.Env.Timing.UnreachableAfter,
		func(why string) { c.Act.Post(func() { abandonUnreachable(t, why) }) },
		func(thread string, why outbox.ThreadShut) { c.Act.Post(func() { c.leaveShutThread(thread, why) }) })
}

// unreachableRetry is how long a table whose place is lost waits to try
// its abandon again when the store refused it.
const unreachableRetry = 30 * time.Second

// abandonUnreachable ends t as abandoned because its place is lost, and
// tells the players through their open hand messages.
func abandonUnreachable(t Table, why string) {
	c := t.TableCore()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	finished := c.Status == store.StatusFinished // its game has its result already
	// The stored reason stays in English, for the record; the players
	// read it in the table's language.
	closed, err := Abandon(ctx, t, store.Closure{Reason: "unreachable: " + lang.English.T(why)}, "")
	if err != nil {
		c.Env.Log.Error("abandoning a table whose channel is lost", "table", c.ID, "err", err)
		c.Act.After(unreachableRetry, func() { abandonUnreachable(t, why) })
		return
	}
	if !closed {
		return
	}
	what := c.Lang.T("table.lost.no_winner")
	if finished {
		what = ""
	}
	v := c.ClosedView(c.Lang.T("table.lost.closed", "Why", c.Lang.T(why), "What", what))
	// A hand answer still on its way is linked after this (settleHand):
	// its redraw shows the closure too, rather than a live hand that
	// would replace this edit in the hand's queue (refreshHand).
	c.lostView = &v
	for user, h := range c.hands {
		if time.Since(h.at) <= tokenLife {
			// Through the hand's own message: a hand dealt at the start
			// is a follow-up of the Join click, whose original is the
			// (public) lobby.
			c.Out.SetEphemeralFollowup(handSlot(user), h.i, h.msg, v)
		}
	}
}

// leaveShutThread deals with the current game's thread taking no more
// messages: an archived one is reopened where Discord lets the bot, else
// the game goes on in the table's channel, which says why. A locked thread
// is left even where the bot could post on (with Manage Threads): a
// moderator locked it to end the talk there. It does nothing unless the
// table's game is being played in thread.
func (c *Core) leaveShutThread(thread string, why outbox.ThreadShut) {
	if c.Status != store.StatusPlaying || c.Thread.ID != thread || c.Out.Channel() != thread {
		return
	}
	if why == outbox.ThreadArchived && c.unarchive(thread) {
		c.Out.Retry()
		return
	}
	what := map[outbox.ThreadShut]string{
		outbox.ThreadArchived: "table.lost.thread_archived",
		outbox.ThreadLocked:   "table.lost.thread_locked",
		outbox.ThreadDeleted:  "table.lost.thread_deleted",
	}[why]
	c.Env.Log.Info("a game leaves its thread", "table", c.ID, "thread", thread, "why", lang.English.T(what))
	c.Thread.ID = ""
	c.Out.Relocate(c.Channel, ui.Rendering{Content: c.Lang.T("table.lost.moved", "Game", c.Title, "Table", c.ID, "What", c.Lang.T(what))})
}

// unarchive reopens an archived thread; Discord allows it to anyone who
// may post there, unless a moderator locked the thread.
func (c *Core) unarchive(thread string) bool {
	ctx, cancel := context.WithTimeout(c.Env.ctx, 10*time.Second)
	defer cancel()
	if err := c.Env.threads().Reopen(ctx, thread); err != nil {
		if errors.Is(err, threads.ErrStopping) {
			return false
		}
		c.Env.Log.Info("could not reopen a game's thread", "table", c.ID, "thread", thread, "err", err)
		return false
	}
	return true
}
