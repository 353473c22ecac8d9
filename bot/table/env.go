package table

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/catalog"
	"github.com/cardbot/cardbot/bot/emojis"
	"github.com/cardbot/cardbot/bot/metrics"
	"github.com/cardbot/cardbot/bot/restpace"
	"github.com/cardbot/cardbot/bot/shard"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// Timing holds the knobs of table timing. Zero means the production
// default (see Defaults); tests shorten them.
type Timing struct {
	ClaimGrace    time.Duration // wait after a LARO! window closes for calls in flight (400 ms)
	ComputerDelay time.Duration // how long a computer seat "thinks" before acting (1 s)
	ComputerCall  time.Duration // a computer's LARO! reaction time R (1.5 s)
	PublicEvery   time.Duration // least time between two edits of a table message (1 s)
	LobbyTimeout  time.Duration // a lobby nobody starts closes itself after this (30 min)
	// UnreachableAfter is how long a table's channel may refuse every
	// message (Missing Access or Permissions) before the table is
	// abandoned (30 s; see package outbox, unreachable.go).
	UnreachableAfter time.Duration
	// TurnTimerUnit is what one "second" of a table's turn timer lasts.
	// Production leaves it at a second; tests shrink it so that timeouts
	// can be played through without waiting 15 real seconds.
	TurnTimerUnit time.Duration

	// GlobalBudget is how many REST calls a second the bot may make that
	// Discord's global rate limit counts (restpace.DefaultGlobalBudget:
	// 50; Discord grants large bots more).
	GlobalBudget int

	// NewSeed picks the seed of each new game (default: the operating
	// system's random source). The seed is stored with the game either way.
	NewSeed func() uint64
}

// Defaults fills in the production value of every knob left at zero.
func (t *Timing) Defaults() {
	if t.ClaimGrace == 0 {
		t.ClaimGrace = 400 * time.Millisecond
	}
	if t.ComputerDelay == 0 {
		t.ComputerDelay = time.Second
	}
	if t.ComputerCall == 0 {
		t.ComputerCall = 1500 * time.Millisecond
	}
	if t.PublicEvery == 0 {
		t.PublicEvery = time.Second
	}
	if t.LobbyTimeout == 0 {
		t.LobbyTimeout = 30 * time.Minute
	}
	if t.UnreachableAfter == 0 {
		t.UnreachableAfter = 30 * time.Second
	}
	if t.TurnTimerUnit == 0 {
		t.TurnTimerUnit = time.Second
	}
	if t.GlobalBudget <= 0 {
		t.GlobalBudget = restpace.DefaultGlobalBudget
	}
	if t.NewSeed == nil {
		t.NewSeed = NewSeed
	}
}

// An Env is what every table of the process shares: Discord, the store,
// the log, the timing knobs, and the registry of live tables and seats.
// The transport makes one and hands it to every game.
type Env struct {
	Session *discordgo.Session
	Store   *store.Store
	Log     *slog.Logger
	Timing  Timing
	// Shard is the part of Discord this process serves; set it before the
	// first table starts. The zero Shard serves every guild.
	Shard shard.Shard
	// Metrics records what the tables do; nil records nothing.
	Metrics *metrics.Metrics
	// Emojis shows cards as pictures where it can; nil (or not yet
	// synced) means text.
	Emojis *emojis.Set
	// Games is the catalog of the games this process runs, for what every
	// game shares (history, emojis) to look a game up; set before the first
	// table starts.
	Games *catalog.Catalog
	// Pace paces every call Discord's global rate limit binds: the tables'
	// outboxes go through it, and every other such call first waits for
	// its share (Pace.Wait). It runs until Stop.
	Pace *restpace.Pacer

	ctx     context.Context // ends at Stop; tables run under it
	cancel  context.CancelFunc
	running sync.WaitGroup // every table's goroutine
	sends   sync.WaitGroup // hand edits in flight

	mu     sync.Mutex
	tables map[tableKey]Table
	seats  map[seatKey]string // the table each player sits at, per game and guild
	// closing is held by an abandon from the moment it writes the game's
	// closure until the table's seats are free, and read by every seat
	// look-up: whoever can see the closure finds the seats free.
	closing sync.RWMutex
	langs   serverLanguages // each server's public language (language.go)
}

// NewEnv makes the shared environment of a process's tables.
func NewEnv(s *discordgo.Session, st *store.Store, log *slog.Logger, timing Timing) *Env {
	return NewEnvWithMetrics(s, st, log, timing, nil)
}

// NewEnvWithMetrics is NewEnv with the tables' metrics recorded in m.
func NewEnvWithMetrics(s *discordgo.Session, st *store.Store, log *slog.Logger, timing Timing, m *metrics.Metrics) *Env {
	timing.Defaults()
	ctx, cancel := context.WithCancel(context.Background())
	e := &Env{
		Session: s, Store: st, Log: log, Timing: timing, Metrics: m, ctx: ctx, cancel: cancel,
		Pace:   restpace.New(timing.GlobalBudget, m),
		tables: map[tableKey]Table{}, seats: map[seatKey]string{},
	}
	go e.Pace.Run(ctx)
	return e
}

// Stop ends every table: each finishes what it is writing, and its last
// message edits are sent. It returns when that is done (true) or ctx ends
// (false: some table may still be running).
func (e *Env) Stop(ctx context.Context) (stopped bool) {
	e.cancel()
	done := make(chan struct{})
	go func() {
		e.running.Wait() // no table changes anything any more
		e.Pace.Drain(ctx)
		e.sends.Wait()
		close(done)
	}()
	select {
	case <-done:
		return true
	case <-ctx.Done():
		e.Log.Warn("tables did not stop in time")
		return false
	}
}

// A Game is a Module that runs tables: its clicks reach its tables through
// the registry, and its live tables are rebuilt after a restart.
type Game interface {
	ui.Module
	// Entry is what the game registers in the catalog of games: its kind
	// (its name in the store, custom_ids and slash commands), its name for
	// people, its colour and its card faces.
	Entry() catalog.Entry
	// Recover rebuilds one table of this game from the store after a
	// restart: a live one, or one still open after its game ended (see
	// ResumeFinished).
	Recover(ctx context.Context, g store.Game) error
}

// A NewModule makes one of cardbot's modules (a game, or a set of
// commands) on the shared environment.
type NewModule func(env *Env) ui.Module

// Context ends when the tables stop: handlers work under it.
func (e *Env) Context() context.Context { return e.ctx }
