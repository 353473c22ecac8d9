// Package bot is cardbot's Discord side: it decodes interactions, routes them
// to the table that owns them, and sends back what the table answers.
//
// Each live table runs on its own goroutine (see table.go); handlers never
// touch game state directly. Views are pure functions of a table's state and
// the viewing player. Everything a player does is written to the store before
// the player sees its effect.
package bot

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/store"
)

// Options configures a Bot. Session and Store are required.
type Options struct {
	Session    *discordgo.Session
	Store      *store.Store
	Log        *slog.Logger
	DevGuildID string // register commands to this server only (instant updates)

	// Timing knobs. Zero means the production default; tests shorten them.
	ClaimGrace    time.Duration // wait after a LARO! window closes for calls in flight (400 ms)
	ComputerDelay time.Duration // how long a computer seat "thinks" before acting (1 s)
	ComputerCall  time.Duration // a computer's LARO! reaction time R (1.5 s)
	PublicEvery   time.Duration // least time between two edits of a table message (1 s)
	DeferAfter    time.Duration // answer "thinking…" if a handler is still busy then (2 s)
	LobbyTimeout  time.Duration // a lobby nobody starts closes itself after this (30 min)
	// TurnTimerUnit is what one "second" of a table's turn timer lasts.
	// Production leaves it at a second; tests shrink it so that timeouts
	// can be played through without waiting 15 real seconds.
	TurnTimerUnit time.Duration

	// NewSeed picks the seed of each new game (default: the operating
	// system's random source). The seed is stored with the game either way.
	NewSeed func() uint64
}

func (o *Options) defaults() {
	if o.Log == nil {
		o.Log = slog.Default()
	}
	if o.ClaimGrace == 0 {
		o.ClaimGrace = 400 * time.Millisecond
	}
	if o.ComputerDelay == 0 {
		o.ComputerDelay = time.Second
	}
	if o.ComputerCall == 0 {
		o.ComputerCall = 1500 * time.Millisecond
	}
	if o.PublicEvery == 0 {
		o.PublicEvery = time.Second
	}
	if o.DeferAfter == 0 {
		o.DeferAfter = 2 * time.Second
	}
	if o.LobbyTimeout == 0 {
		o.LobbyTimeout = 30 * time.Minute
	}
	if o.TurnTimerUnit == 0 {
		o.TurnTimerUnit = time.Second
	}
	if o.NewSeed == nil {
		o.NewSeed = newSeed
	}
}

// A Bot serves every table of one Discord application.
type Bot struct {
	opts     Options
	session  *discordgo.Session
	store    *store.Store
	log      *slog.Logger
	commands map[string]handler

	ctx     context.Context // ends at Shutdown; tables run under it
	cancel  context.CancelFunc
	closing atomic.Bool
	running sync.WaitGroup // every table's goroutines

	mu     sync.Mutex
	tables map[tableKey]table // live tables of both games
	seats  map[seatKey]string // the table each player sits at, per game and guild
}

// New makes a Bot. Call Start once the session is open.
func New(o Options) *Bot {
	o.defaults()
	ctx, cancel := context.WithCancel(context.Background())
	b := &Bot{
		opts: o, session: o.Session, store: o.Store, log: o.Log,
		ctx: ctx, cancel: cancel,
		tables: map[tableKey]table{}, seats: map[seatKey]string{},
	}
	b.commands = map[string]handler{
		"laro new":          b.laroNew,
		"laro rules":        b.laroRules,
		"laro stats":        b.laroStats,
		"laus new":          b.lausNew,
		"laus scoreboard":   b.lausScoreboard,
		"laus rules":        b.lausRules,
		"chips balance":     b.chipsBalance,
		"chips daily":       b.chipsDaily,
		"chips leaderboard": b.chipsLeaderboard,
		"chips grant":       b.chipsGrant,
	}
	return b
}

// Start registers the slash commands, posts what the last run stored to
// announce but did not get posted, and rebuilds every table that was live
// when the bot last stopped. The session must be open (READY received).
func (b *Bot) Start(ctx context.Context) error {
	appID := b.appID()
	if appID == "" {
		return fmt.Errorf("bot: Discord sent no application ID in READY")
	}
	if _, err := b.session.ApplicationCommandBulkOverwrite(appID, b.opts.DevGuildID, Commands()); err != nil {
		return fmt.Errorf("registering slash commands: %w", err)
	}
	b.postAnnouncements(ctx)
	return b.recoverTables(ctx)
}

// appID is the application the bot runs as; READY carries it.
func (b *Bot) appID() string {
	if st := b.session.State; st != nil {
		if st.Application != nil && st.Application.ID != "" {
			return st.Application.ID
		}
		if st.User != nil {
			return st.User.ID
		}
	}
	return ""
}

// Shutdown stops taking clicks, lets every table finish what it is writing
// and send its last message edits, and returns when they have all stopped.
func (b *Bot) Shutdown(ctx context.Context) {
	b.closing.Store(true)
	b.cancel()
	done := make(chan struct{})
	go func() { b.running.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
		b.log.Warn("tables did not stop in time")
	}
}
