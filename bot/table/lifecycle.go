package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/outbox"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// Open stores a new table's lobby, starts the table and has its outbox
// post the lobby message: the shared part of every game's /new. The host's
// seat is reserved before any I/O, so two quick /new commands cannot open
// two tables for one host; a table that cannot open gives the seat back.
// It returns a refusal, or nil.
//
// The lobby is posted like every table message, within the global budget,
// so a burst of new tables never holds up the command's answer; a channel
// where Discord says the bot may not post is refused at once instead.
func (e *Env) Open(ctx context.Context, t LobbyGame, in *ui.Input) *ui.Reply {
	c := t.TableCore()
	if perms := in.AppPermissions; perms != 0 && perms&discordgo.PermissionAdministrator == 0 {
		if need, where := e.postPermissions(ctx, in.ChannelID); perms&need != need {
			l := in.Lang()
			place, names := l.T("table.open.channel"), l.T("table.open.perms_channel")
			if where == "thread" {
				place, names = l.T("table.open.thread"), l.T("table.open.perms_thread")
			}
			return ui.EphemeralText(l.T("table.open.no_post", "Where", place, "Names", names, "Cmd", ui.Cmd(l, c.Name()+" new")))
		}
	}
	if other, ok := e.ClaimSeat(c.Name(), c.Guild, c.Host, c.ID); !ok {
		return ui.EphemeralText(in.Lang().T("table.open.seated_elsewhere", "Game", c.Title, "Table", other))
	}
	g, err := e.Store.CreateGame(ctx, store.Game{
		TableID: c.ID, Kind: c.Kind, Guild: c.Guild, Channel: c.Channel, Host: c.Host,
		Settings: t.SettingsJSON(), Seats: StoreSeats(c.Seats), Status: store.StatusLobby,
		Deadline: store.Deadline{At: time.Now().Add(e.Timing.LobbyTimeout), Kind: "idle"},
	})
	if err != nil {
		e.ReleaseSeat(c.Name(), c.Guild, c.Host, c.ID)
		e.Log.Error("creating a table", "game", c.Name(), "err", err)
		return ui.EphemeralText(ui.SomethingWrong(in.Lang()))
	}
	c.GameID = g.ID
	e.Start(t, "")
	c.Act.Post(func() {
		ArmIdle(t, e.Timing.LobbyTimeout)
		c.Out.SetPublic(t.LobbyView(), true)
	})
	return nil
}

// tablePermissions are what the bot needs in a channel to keep a table's
// message there.
const tablePermissions = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages |
	discordgo.PermissionEmbedLinks | discordgo.PermissionReadMessageHistory

// Start registers a table (new or rebuilt) and starts its goroutines:
// its actor, and its outbox, which edits messageID ("" before the table
// message exists).
func (e *Env) Start(t Table, messageID string) {
	c := t.TableCore()
	if c.hands == nil {
		c.hands = map[string]handToken{}
	}
	c.Act = newActor()
	channel := c.Channel
	if c.InThread() && c.Status == store.StatusPlaying {
		// Rebuilt while its game is played in a thread: the game stays there.
		channel = c.Thread.ID
		if messageID == c.Thread.Lobby {
			messageID = "" // the thread's table message was never posted
		}
	}
	c.Out = outbox.New(e.Session, e.Log.With("table", c.ID), channel, messageID, e.Timing.PublicEvery, e.Pace, &e.sends,
		func(id string) { c.Act.Post(func() { c.saveMessageID(id) }) })
	c.watchReach(t)
	c.phase = new(atomic.Uint32)
	c.phase.Store(uint32(c.Status))
	e.register(t)
	e.running.Add(1)
	c.Act.start(e.ctx, t.StopTimers, c.notePhase, e.running.Done)
}

// Restore is the part of rebuilding a table after a restart that every
// game shares: it reads the stored settings into settings and the core. A
// table still in its lobby is started at once and lobby is true; else log
// holds the game's stored log, its first record the start record (the
// seed), and the game replays it and then calls Start.
func (e *Env) Restore(ctx context.Context, g store.Game, title string, settings any) (core Core, log []store.ActionRecord, err error) {
	if err := json.Unmarshal(g.Settings, settings); err != nil {
		return Core{}, nil, fmt.Errorf("settings: %w", err)
	}
	core = RestoredCore(e, g, title)
	switch th, err := e.Store.GameThread(ctx, g.ID); {
	case err == nil:
		core.Thread.ID, core.Thread.Lobby = th.ThreadID, th.LobbyID
	case !errors.Is(err, store.ErrNotFound):
		return Core{}, nil, err
	}
	if g.Status == store.StatusLobby {
		return core, nil, nil
	}
	_, log, err = e.Store.LoadGame(ctx, g.ID)
	if err != nil {
		return Core{}, nil, err
	}
	if len(log) == 0 {
		return Core{}, nil, fmt.Errorf("a running game with an empty log")
	}
	return core, log, nil
}

// ResumeLobby restarts a rebuilt table that was still in its lobby.
func (e *Env) ResumeLobby(t LobbyGame, g store.Game) {
	e.Start(t, g.MessageID)
	c := t.TableCore()
	c.Act.Post(func() {
		ArmIdle(t, max(time.Until(g.Deadline.At), time.Second))
		c.Out.SetPublic(t.LobbyView(), g.MessageID == "")
	})
}

// CloseTable forgets a table: its timers stop, its seats are free and its
// clicks are refused.
func CloseTable(t Table) {
	c := t.TableCore()
	c.Status = store.StatusCancelled
	t.StopTimers()
	c.Env.unregister(c)
}

// ArmIdle closes the table if nobody starts it (or, after a game, plays again).
func ArmIdle(t LobbyGame, d time.Duration) {
	c := t.TableCore()
	if c.StopIdle != nil {
		c.StopIdle()
	}
	n := t.Number()
	c.StopIdle = c.Act.After(d, func() {
		if t.Number() != n || c.Status == store.StatusPlaying {
			return
		}
		if c.Status == store.StatusLobby {
			CancelTable(context.Background(), t, nil, "table.closed.idle")
			return
		}
		CloseTable(t)
		v := AfterGameView(t, t.FinalView()).WithoutButtons()
		c.Out.Close(&v) // its last message: nothing is sent after it
	})
}
