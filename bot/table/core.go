package table

import (
	"context"
	"encoding/json"
	"errors"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/outbox"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// A Table is one live table of a game. Every method runs on the table's
// own actor goroutine.
type Table interface {
	TableCore() *Core
	// Handle answers one click on the table's components.
	Handle(ctx context.Context, in *ui.Input) *ui.Reply
	// HandView renders seat's private hand message, with note (the answer
	// to a click, or "") on top.
	HandView(seat int, note string) ui.Rendering
	// StopTimers stops every timer the table has armed.
	StopTimers()
}

// A LobbyGame is what a game adds to the shared lobby: its limits, its
// extra check on joining (chips, for Laro), its settings and its views.
type LobbyGame interface {
	Table
	MaxSeats() int
	CanJoin(ctx context.Context, in *ui.Input) *ui.Reply // nil when the player may sit down
	ComputerAdded() (undo func())                        // a computer seat was added
	SettingsJSON() json.RawMessage
	LobbyView() ui.Rendering
	Number() int             // the game or match number at this table
	FinalView() ui.Rendering // the table message of a table closed after a game
}

// MaxEvents is how many recent events a table message lists: enough to
// follow the last turn, few enough for the message to fit a phone's screen.
const MaxEvents = 3

// Core is what every table has, whatever its game: who and where it is,
// its seats, its lifecycle, its goroutine, its outbox and the players'
// open hand messages. Game tables embed it; its fields belong to the
// table's actor goroutine like the rest of the table.
type Core struct {
	Env     *Env
	Kind    store.Kind
	Title   string // the game's name for people: "Laro"
	ID      string // table ID, in custom_ids and titles
	Guild   string
	Channel string
	Host    string
	Seats   []Seat
	Status  store.Status
	GameID  string // the store's ID of the current game or match
	Thread  Thread // where its games are played when it plays them in threads (see thread.go)
	Seq     int64  // last stored action of the current game or match
	// Lang is the language of the table's public messages: its server's
	// (see Env.HeardGuild), refreshed by every click on the table.
	Lang lang.Lang

	Act *Actor
	Out *outbox.Outbox

	Events   []string
	Deadline time.Time   // when the current turn times out (zero: none)
	StopTurn func() bool // stops the turn timer
	StopIdle func() bool // stops the timer that closes an unstarted or finished table

	// EndSeats are the seats of the game that ended, kept for its final
	// message while people leave the table after it (nil: as Seats).
	EndSeats []Seat

	ready  map[string]bool      // between games: who is in for the next one (nil: nobody asked yet)
	hands  map[string]handToken // open hand messages, by user
	joins  map[string]handToken // Join clicks, whose tokens send the hand at Start (starthands.go)
	asked  map[string]time.Time // each user's latest hand click answered (see AnswerHand)
	notice turnNotice           // the turn notice (turn_notice.go)
	// lostView is what every hand message shows once the table was given
	// up because its place is lost (abandonUnreachable); nil until then.
	lostView *ui.Rendering
	phase    *atomic.Uint32 // Status as of the actor's last job, for other goroutines (observe.go)
	// readers is each player's own language, as their latest click said:
	// their hand and every private note to them are written in it.
	readers map[string]lang.Lang
}

// NewCore is the core of a table opened by in's user, who hosts it and
// takes the first seat.
func NewCore(env *Env, kind store.Kind, title string, in *ui.Input) Core {
	return Core{
		Env: env, Kind: kind, Title: title, ID: newTableID(), Guild: in.GuildID, Channel: in.ChannelID, Host: in.UserID,
		Seats: []Seat{{UserID: in.UserID, Name: in.UserName}}, Status: store.StatusLobby, hands: map[string]handToken{},
		Lang: in.ServerLang, readers: map[string]lang.Lang{in.UserID: in.Lang()},
	}
}

// RestoredCore rebuilds a table's core from its stored game after a restart.
func RestoredCore(env *Env, g store.Game, title string) Core {
	return Core{
		Env: env, Kind: g.Kind, Title: title, ID: g.TableID, Guild: g.Guild, Channel: g.Channel, Host: g.Host,
		Seats: SeatsFromStore(g.Seats), Status: g.Status, GameID: g.ID, hands: map[string]handToken{},
		Lang: env.ServerLang(env.Context(), g.Guild), readers: map[string]lang.Lang{},
	}
}

// Heard notes the languages a click on the table carries: the server's for
// the table's public messages, the clicker's for what only they see.
func (c *Core) Heard(in *ui.Input) {
	c.Lang = in.ServerLang
	if c.readers == nil {
		c.readers = map[string]lang.Lang{}
	}
	c.readers[in.UserID] = in.Lang()
}

// ReaderLang is the language user reads their private messages in: their
// client's, as their latest click on this table said; before any click
// since a restart, the table's public language.
func (c *Core) ReaderLang(user string) lang.Lang {
	if l, ok := c.readers[user]; ok {
		return l
	}
	return c.Lang
}

// TableCore returns c: a game table embedding Core implements Table with it.
func (c *Core) TableCore() *Core { return c }

// Name is the game's name in custom_ids, commands and the registry.
func (c *Core) Name() string { return c.Kind.String() }

// Event adds a line to the table message's recent events.
func (c *Core) Event(s string) {
	c.Events = append(c.Events, s)
	if len(c.Events) > MaxEvents {
		c.Events = c.Events[len(c.Events)-MaxEvents:]
	}
}

// ClosedView replaces a lobby or finished table message once it is over.
func (c *Core) ClosedView(why string) ui.Rendering {
	return ui.Rendering{Embeds: []*discordgo.MessageEmbed{{
		Title: c.TitleLine(), Description: why, Color: 0x777777,
	}}, Components: []discordgo.MessageComponent{}}
}

// TitleLine is the title of the table's public messages, in its language:
// "Laro · table ab12cd".
func (c *Core) TitleLine() string { return c.Lang.T("table.title", "Game", c.Title, "Table", c.ID) }

// MySeat returns the clicking user's seat, or a refusal.
func (c *Core) MySeat(in *ui.Input) (int, *ui.Reply) {
	i := SeatIndex(c.Seats, in.UserID)
	if i < 0 {
		return -1, ui.EphemeralText(in.Lang().T("table.not_seated_follow"))
	}
	return i, nil
}

// SaveSeats stores the seats and settings after a lobby change.
func (c *Core) SaveSeats(ctx context.Context, settings json.RawMessage) error {
	_, err := c.Env.Store.UpdateGame(ctx, c.GameID, store.GameUpdate{Seats: StoreSeats(c.Seats), Settings: settings})
	if err != nil {
		c.Env.Log.Error("saving seats", "table", c.ID, "err", err)
	}
	return err
}

func (c *Core) saveMessageID(id string) {
	if err := c.storeMessageID(id); err != nil {
		c.Env.Log.Warn("storing the table message ID", "table", c.ID, "err", err)
		c.retrySaveMessageID(id, 0)
	}
}

// FreeSeats lets the table's people sit elsewhere (after a game).
func (c *Core) FreeSeats() {
	for _, s := range c.Seats {
		if !s.Computer {
			c.Env.ReleaseSeat(c.Name(), c.Guild, s.UserID, c.ID)
		}
	}
}

// NextGame readies a finished table for its next game: it checks that
// every person seated is still free to play here, stores the new game with
// settings and seats them at it. undo reverses that when the new game
// cannot begin; r is a refusal instead.
func (c *Core) NextGame(ctx context.Context, settings json.RawMessage) (id string, undo func(), r *ui.Reply) {
	var people []string
	for _, s := range c.Seats {
		if !s.Computer {
			people = append(people, s.UserID)
		}
	}
	// Seats are claimed before any I/O, all or none, so nobody can open
	// another table meanwhile and end up seated at two.
	if user, other, ok := c.Env.ClaimSeats(c.Name(), c.Guild, people, c.ID); !ok {
		return "", nil, ui.EphemeralText(c.Lang.T("table.more.cannot_play_again", "User", user, "Game", c.Title, "Table", other,
			"Cmd", ui.Cmd(c.Lang, c.Name()+" new")))
	}
	g, err := c.Env.Store.CreateGame(ctx, store.Game{
		TableID: c.ID, Kind: c.Kind, Guild: c.Guild, Channel: c.Channel, Host: c.Host,
		Settings: settings, Seats: StoreSeats(c.Seats), Status: store.StatusLobby,
	})
	if err != nil {
		c.FreeSeats()
		c.Env.Log.Error("creating the next game", "table", c.ID, "err", err)
		return "", nil, ui.EphemeralText(ui.SomethingWrong(c.Lang))
	}
	undo = func() {
		cancelled := store.StatusCancelled
		_, _ = c.Env.Store.UpdateGame(ctx, g.ID, store.GameUpdate{Status: &cancelled})
		c.FreeSeats()
	}
	return g.ID, undo, nil
}

// ErrNotSaved means the store refused an action; the table undid it.
var ErrNotSaved = errors.New("table: the move could not be saved")

// Turn timer limits and default, in seconds, for every game's tables.
const (
	MinTurnTimer, MaxTurnTimer = 15, 600
	DefaultTurnTimer           = 90
)
