package bot

import (
	"context"
	"fmt"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/catalog"
	"github.com/cardbot/cardbot/bot/emojis"
	"github.com/cardbot/cardbot/bot/games"
	"github.com/cardbot/cardbot/bot/metrics"
	"github.com/cardbot/cardbot/bot/respond"
	"github.com/cardbot/cardbot/bot/shard"
	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// Options configures a Bot. Session and Store are required.
type Options struct {
	Session    *discordgo.Session
	Store      *store.Store
	Log        *slog.Logger
	DevGuildID string // register commands to this server only (instant updates)
	// Metrics records interactions, tables and the Store's commits; nil
	// records nothing.
	Metrics *metrics.Metrics

	// Shard is the part of Discord this process serves (see shard.go); the
	// zero Shard serves every guild.
	Shard shard.Shard

	// CardEmojis shows cards as application emojis (uploaded at start, in
	// the background); off, cards show as text.
	CardEmojis bool

	// Modules are the games and commands the bot offers; nil means all of
	// cardbot's (games.All).
	Modules []table.NewModule

	// Timing knobs of the tables. Zero means the production default;
	// tests shorten them.
	table.Timing
	DeferAfter time.Duration // answer "thinking…" if a handler is still busy this long after the click (2 s)
}

// A Bot serves every table of one Discord application.
type Bot struct {
	opts    Options
	session *discordgo.Session
	log     *slog.Logger
	env     *table.Env
	// responder answers every interaction (see package respond).
	responder *respond.Discord
	modules   map[string]ui.Module // by command name
	names     []string             // the command names, in registration order
	closing   atomic.Bool
	commands  []*discordgo.ApplicationCommand

	stopEmojis context.CancelFunc // ends the emoji sync at Shutdown
	// forgetRateLimits removes the handler that tells the tables of 429s.
	forgetRateLimits func()
	// forgetPlaces removes the handlers that tell the tables of deleted
	// channels, servers left and shut threads.
	forgetPlaces func()
}

// New makes a Bot. Call Start once the session is open.
func New(o Options) *Bot {
	if o.Log == nil {
		o.Log = slog.Default()
	}
	if o.DeferAfter == 0 {
		o.DeferAfter = 2 * time.Second
	}
	if o.Modules == nil {
		o.Modules = games.All
	}
	b := &Bot{
		opts: o, session: o.Session, log: o.Log,
		env:     table.NewEnvWithMetrics(o.Session, o.Store, o.Log, o.Timing, o.Metrics),
		modules: map[string]ui.Module{},
	}
	b.env.Shard = o.Shard
	b.responder = &respond.Discord{Session: o.Session, Budget: func() error { return b.env.Pace.Wait(b.env.Context()) }}
	var games []string // the modules that run tables
	var entries []catalog.Entry
	built := make([]ui.Module, len(o.Modules))
	for i, newModule := range o.Modules {
		built[i] = newModule(b.env)
		if g, ok := built[i].(table.Game); ok {
			entries = append(entries, g.Entry())
		}
	}
	// Every game is registered before any module is asked for its command,
	// which may name the games (the /cardbot settings options).
	cat, err := catalog.New(entries...)
	if err != nil {
		panic(err) // two games of one kind: a programming error in the module list
	}
	b.env.Games = cat
	if o.CardEmojis {
		b.env.Emojis = emojis.New(o.Log, cat.Faces(), cat.RetiredFaces())
	}
	for _, m := range built {
		cmd := ui.Localized(m.Command())
		b.modules[cmd.Name] = m
		b.names = append(b.names, cmd.Name)
		b.commands = append(b.commands, cmd)
		if _, ok := m.(table.Game); ok {
			games = append(games, cmd.Name)
		}
	}
	if o.Session != nil {
		// A 429 despite the budget slows the tables' pace (see restpace.Pacer.RateLimited).
		b.forgetRateLimits = o.Session.AddHandler(func(_ *discordgo.Session, r *discordgo.RateLimit) {
			b.env.Pace.RateLimited(r)
		})
		b.forgetPlaces = b.env.WatchPlaces(o.Session)
	}
	o.Metrics.WatchTables(games, b.env.LiveTables)
	if o.Metrics != nil && o.Store != nil {
		o.Store.OnCommit = o.Metrics.ObserveCommit
	}
	return b
}

// Commands is every slash command the bot offers, registered at start with
// one bulk overwrite (which also removes commands an older build had).
func (b *Bot) Commands() []*discordgo.ApplicationCommand { return b.commands }

// Start registers the slash commands and syncs the card emojis (shard 0
// only; the other shards wait for its emojis), posts what the last run
// stored to announce but did not get posted, and rebuilds every table that was live
// when the bot last stopped, including those still open after their game
// ended. The session must be open (READY received).
func (b *Bot) Start(ctx context.Context) error {
	appID := b.appID()
	if appID == "" {
		return fmt.Errorf("bot: Discord sent no application ID in READY")
	}
	if b.registersCommands() {
		if _, err := b.session.ApplicationCommandBulkOverwrite(appID, b.opts.DevGuildID, b.commands); err != nil {
			return fmt.Errorf("registering slash commands: %w", err)
		}
	}
	if set := b.env.Emojis; set != nil {
		// The sync outlives Start's context but not the bot: Shutdown ends it.
		ectx, cancel := context.WithCancel(context.Background())
		b.stopEmojis = cancel
		budgeted := emojis.WithBudget(b.session, func() error { return b.env.Pace.Wait(ectx) })
		if b.registersCommands() {
			set.Start(ectx, budgeted, appID)
		} else {
			// The application's emojis are shared: shard 0 uploads them,
			// and the other shards only read them (emojis/follow.go).
			set.StartFollowing(ectx, budgeted, appID)
		}
	}
	b.env.PostAnnouncements(ctx)
	return b.recoverTables(ctx)
}

// recoverTables rebuilds every table of this shard that was live when the
// bot stopped, each by its game: those in a lobby or a game, and those whose
// game had ended within their after-game time (still showing Play again).
// A game whose table cannot be rebuilt is cancelled with its chips returned
// (unrebuildable.go). Other shards' tables are theirs to rebuild.
func (b *Bot) recoverTables(ctx context.Context) error {
	live, err := b.opts.Store.LiveGames(ctx)
	if err != nil {
		return fmt.Errorf("loading live tables: %w", err)
	}
	live = b.dropInterruptedNextGames(ctx, live)
	finished, err := b.opts.Store.RecentlyFinishedGames(ctx, time.Now())
	if err != nil {
		return fmt.Errorf("loading tables open after their game: %w", err)
	}
	for _, g := range append(live, finished...) {
		if !b.opts.Shard.Owns(g.Guild) {
			continue
		}
		game, ok := b.modules[g.Kind.String()].(table.Game)
		if !ok {
			b.log.Error("a live table of a game this build does not run", "table", g.TableID, "kind", g.Kind.String())
			continue
		}
		if err := game.Recover(ctx, g); err != nil {
			// One damaged table must not keep every other table down, nor
			// its players' chips held for ever.
			b.cancelUnrebuildable(ctx, g, err)
			continue
		}
		b.log.Info("table rebuilt", "table", g.TableID, "game", g.ID, "status", g.Status.String())
	}
	return nil
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
	if b.forgetRateLimits != nil {
		b.forgetRateLimits()
		b.forgetPlaces()
	}
	if b.stopEmojis != nil {
		// discordgo sleeps out a rate limit without watching the context,
		// and drawing the faces cannot be interrupted, so the sync may take
		// a moment to stop; shutting down waits for it only briefly.
		b.stopEmojis()
		select {
		case <-b.env.Emojis.Done():
		case <-ctx.Done():
		case <-time.After(2 * time.Second):
		}
	}
	b.env.Stop(ctx)
}
