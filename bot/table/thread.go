package table

import (
	"context"
	"errors"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/outbox"
	"github.com/cardbot/cardbot/bot/threads"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// A Thread says where a table's games are played when the table asked for
// threads (the thread option of /new, or the server's default): the lobby
// message stays in the channel, and on Start each game gets a thread of
// its own, started from that message and named after the table. Hands are
// ephemeral answers to clicks, so they work the same in a thread. When the
// game ends the thread is archived and the channel message shows the
// result with a link to it.
//
// Play again opens the next game in a new thread, started from a new
// message in the same channel: a message holds one thread only, and an
// archived thread takes no messages until someone reopens it, so the old
// thread stays closed with the finished game in it, as a record.
type Thread struct {
	Want  bool   // the table plays its games in threads
	ID    string // the current game's thread ("" while it has none)
	Lobby string // the channel message the current thread was started from
	Note  string // one line saying why the current game is played in the channel after all ("" if not)
}

// postPermissions are what the bot needs to keep a table's message in
// channel, and what the place is ("channel" or "thread", naming the
// catalogue's words for it and for the permissions' names): in a
// thread Discord asks for Send Messages in Threads instead of Send
// Messages. The channel's type comes from the gateway's cache, so the
// check costs no call.
func (e *Env) postPermissions(ctx context.Context, channel string) (need int64, where string) {
	if threads.IsThread(e.threads().ChannelType(ctx, channel)) {
		return tablePermissions&^discordgo.PermissionSendMessages | discordgo.PermissionSendMessagesInThreads, "thread"
	}
	return tablePermissions, "channel"
}

// threads makes the Discord calls of games played in threads.
func (e *Env) threads() threads.Calls {
	return threads.Calls{Session: e.Session, Pace: e.Pace, Log: e.Log}
}

// InThread reports whether the table's current game is played in a thread.
func (c *Core) InThread() bool { return c.Thread.ID != "" }

// ThreadLink is the address of the current game's thread.
func (c *Core) ThreadLink() string {
	return fmt.Sprintf("https://discord.com/channels/%s/%s", c.Guild, c.Thread.ID)
}

// ThreadName names the thread of game number n at the table (at most 100
// characters, Discord's limit).
func (c *Core) ThreadName(what string, n int) string {
	name := c.Lang.T("table.thread.name", "Game", c.Title, "Table", c.ID, "What", what, "N", n)
	if r := []rune(name); len(r) > 100 {
		name = string(r[:100])
	}
	return name
}

// PlanThread decides, when a table is opened, whether its games will be
// played in threads: want is the thread option (or the server's default).
// Where threads are impossible, the table plays in the channel and its
// lobby says why in one line.
func (e *Env) PlanThread(ctx context.Context, in *ui.Input, want bool) Thread {
	if !want {
		return Thread{}
	}
	if note := e.threads().Refusal(ctx, in.ServerLang, in.AppPermissions, in.ChannelID); note != "" {
		return Thread{Note: note}
	}
	return Thread{Want: true}
}

// ThreadLine is the lobby's line about threads ("" for a table that never
// asked for one).
func (c *Core) ThreadLine() string {
	switch {
	case c.Thread.Note != "":
		return "⚠️ " + c.Thread.Note
	case c.InThread():
		return c.Lang.T("table.thread.played_in", "Link", c.ThreadLink())
	case c.Thread.Want:
		return c.Lang.T("table.thread.will")
	}
	return ""
}

// Where says where the current game is played, for the message it started
// from: "below", or in its thread.
func (c *Core) Where() string {
	if c.InThread() {
		return c.Lang.T("table.thread.where_thread", "ID", c.Thread.ID)
	}
	return c.Lang.T("table.thread.below")
}

// ThreadNote is the line saying why a game meant for a thread is played in
// the channel ("" if it is not).
func (c *Core) ThreadNote() string {
	if c.Thread.Note == "" {
		return ""
	}
	return "⚠️ " + c.Thread.Note
}

// EnterThread starts the current game's thread from the lobby message (on
// Start) and moves the table into it; where that fails, the game is played
// in the channel and Thread.Note says why. It runs on the table's goroutine
// before the game's first table message is queued.
func (c *Core) EnterThread(ctx context.Context, in *ui.Input, name string) {
	if !c.Thread.Want {
		return
	}
	if c.InThread() {
		// Started once already, and the game could not begin then.
		c.Out.MoveTo(c.Thread.ID, "")
		return
	}
	c.startThread(ctx, in, c.Out.MessageID(), name)
}

// NextThread gives the next game (Play again) a thread of its own, started
// from header, a new message in the channel; where that fails, the game is
// played in the channel and Thread.Note says why.
func (c *Core) NextThread(ctx context.Context, in *ui.Input, name string, header ui.Rendering) {
	c.Thread = Thread{Want: c.Thread.Want}
	if !c.Thread.Want {
		return
	}
	th := c.Env.threads()
	if note := th.Refusal(ctx, c.Lang, in.AppPermissions, in.ChannelID); note != "" {
		c.Thread.Note = note
		return
	}
	msg, err := th.PostHeader(ctx, c.Channel, header)
	if err != nil {
		c.Thread.Note = threadFailure(c.Lang, err)
		return
	}
	if c.startThread(ctx, in, msg, name); !c.InThread() {
		// The header promised a thread: it says what happened instead.
		th.ReplaceHeader(ctx, c.Channel, msg, "⚠️ "+c.Thread.Note)
	}
}

// startThread starts a thread from message lobby and moves the table in.
func (c *Core) startThread(ctx context.Context, in *ui.Input, lobby, name string) {
	if lobby == "" {
		c.Thread.Note = c.Lang.T("table.thread.not_posted")
		return
	}
	th := c.Env.threads()
	if note := th.Refusal(ctx, c.Lang, in.AppPermissions, in.ChannelID); note != "" {
		c.Thread.Note = note
		return
	}
	id, err := th.Start(ctx, c.Channel, lobby, name)
	if err != nil {
		c.Env.Log.Warn("starting a table's thread", "table", c.ID, "err", err)
		c.Thread.Note = threadFailure(c.Lang, err)
		return
	}
	// Stored before anything is posted there, so a restart finds the game
	// in its thread.
	if err := c.Env.Store.SetGameThread(ctx, store.GameThread{GameID: c.GameID, ThreadID: id, LobbyID: lobby}); err != nil {
		c.Env.Log.Error("storing a table's thread", "table", c.ID, "err", err)
		c.Thread.Note = c.Lang.T("table.thread.not_recorded")
		return
	}
	c.Thread.ID, c.Thread.Lobby, c.Thread.Note = id, lobby, ""
	c.Out.MoveTo(id, "")
	// The seated people join the thread, so that it shows in their channel
	// list and its turn notices reach them (see turn_notice.go).
	var people []string
	for _, s := range c.Seats {
		if !s.Computer {
			people = append(people, s.UserID)
		}
	}
	c.Out.AddThreadMembers(id, people)
}

// threadFailure says in one line, in l, why Discord would not start a thread.
func threadFailure(l lang.Lang, err error) string {
	if errors.Is(err, threads.ErrStopping) {
		return l.T("table.thread.stopping")
	}
	switch outbox.RESTCode(err) {
	case discordgo.ErrCodeMissingPermissions, discordgo.ErrCodeMissingAccess:
		return l.T("table.thread.no_perms")
	case 50024:
		return l.T("table.thread.wrong_kind")
	}
	return l.T("table.thread.refused")
}

// ReturnToLobby moves the table back to lobbyID, its message in the
// channel, when a game that was to be played in a thread could not begin.
func (c *Core) ReturnToLobby(lobbyID string) {
	if c.Out.Channel() != c.Channel {
		c.Out.MoveTo(c.Channel, lobbyID)
	}
}

// AfterGameView is what the table's message shows once a game is over:
// final itself, or, for a game played in a thread, final with a link to the
// thread, on the lobby message in the channel. While a ready check runs
// (see ready.go) it shows who is in instead of Play again.
func AfterGameView(t LobbyGame, final ui.Rendering) ui.Rendering {
	c := t.TableCore()
	if c.ready != nil && c.Status == store.StatusFinished {
		final = c.withReadyCheck(final, t.Number())
	}
	if !c.InThread() {
		return final
	}
	final.Content = c.Lang.T("table.thread.whole", "Link", c.ThreadLink())
	return final
}

// CloseThread ends a game played in a thread: the thread's table message
// shows final without buttons, the thread is archived, and the lobby
// message in the channel shows final with a link to the thread (and its
// buttons: Play again). It does nothing for a game played in the channel.
func CloseThread(t LobbyGame, final ui.Rendering) {
	c := t.TableCore()
	if !c.InThread() {
		return
	}
	c.Out.EndThread(final.WithoutButtons(), c.Channel, c.Thread.Lobby, AfterGameView(t, final))
}

// Line is s on a line of its own after a message's text ("" for none).
func Line(s string) string {
	if s == "" {
		return ""
	}
	return "\n" + s
}

// HomeChannel is the channel whose tables a command used in id concerns:
// id itself, or, inside a thread, the channel the thread belongs to (where
// a game played in a thread is recorded).
func (e *Env) HomeChannel(id string) string { return e.threads().Home(id) }
