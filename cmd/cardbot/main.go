// Command cardbot runs the Discord bot that hosts Laro and Laus tables.
//
// It reads its settings from the environment and an optional .env file (see
// .env.example), opens the SQLite database (creating it on first start),
// connects to Discord, registers its slash commands, rebuilds every table
// that was live when it last stopped, and runs until SIGINT or SIGTERM.
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot"
	"github.com/cardbot/cardbot/bot/metrics"
	"github.com/cardbot/cardbot/bot/restbase"
	"github.com/cardbot/cardbot/bot/restpace"
	"github.com/cardbot/cardbot/store"
)

func main() {
	if len(os.Args) > 1 {
		// cardbot backup PATH, cardbot healthcheck: see commands.go.
		os.Exit(subcommand(os.Args[1:], os.Stdout, os.Stderr))
	}
	if err := loadDotEnv(".env"); err != nil {
		fmt.Fprintln(os.Stderr, "cardbot:", err)
		os.Exit(2)
	}
	cfg, err := configFrom(os.LookupEnv)
	if err != nil {
		fmt.Fprintln(os.Stderr, "cardbot:", err)
		os.Exit(2)
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: cfg.LogLevel}))
	collectGarbageSooner()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// A developer's setting, like GOGC, not the bot's configuration: the
	// load generator's -profile sets it (see docs/load-testing.md).
	stopProfile := profileOnSignals(os.Getenv("CARDBOT_PROFILE"), log)
	err = run(ctx, stop, cfg, log)
	stopProfile()
	if err != nil {
		fmt.Fprintln(os.Stderr, "cardbot:", err)
		os.Exit(1)
	}
}

// collectGarbageSooner lets the heap grow by half of what is live between
// collections instead of Go's default of all of it, unless GOGC is set. At a
// thousand busy tables that took the bot's memory from 86 to 57 kB a table
// for about 6% more CPU (see docs/load-testing.md).
func collectGarbageSooner() {
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(50)
	}
}

// run starts the bot and blocks until ctx is cancelled, then shuts down in
// the order that loses nothing: stop taking clicks, let every table finish
// persisting, close the Discord session, close the database.
func run(ctx context.Context, stopSignals func(), cfg config, log *slog.Logger) error {
	var m *metrics.Metrics
	if cfg.MetricsAddr != "" {
		ln, err := listenMetrics(cfg.MetricsAddr)
		if err != nil {
			return err
		}
		m = metrics.New()
		// Deferred first, so it runs last: /healthz answers (503) until
		// the bot has let go of Discord and the database.
		defer serveMetrics(ln, m, log)()
	}
	st, err := store.Open(ctx, cfg.database())
	if err != nil {
		return err
	}
	defer st.Close()
	st.OnSyncFailure = stopOnSyncFailure(log)
	logDatabase(log, st)
	lease, err := holdShard(ctx, cfg, st, m, log)
	if err != nil || lease == nil {
		return err // nil: stopped while waiting as a standby
	}
	defer lease.Release()
	cfg.Shard.ID = lease.Shard() // the one taken, when SHARD_ID was left to the leases

	session, err := discordgo.New("Bot " + cfg.Token)
	if err != nil {
		return fmt.Errorf("creating the Discord session: %w", err)
	}
	session.Client = &http.Client{Timeout: 20 * time.Second, Transport: pooledTransport()}
	if cfg.APIBase != "" {
		rt, err := restbase.Transport(cfg.APIBase, pooledTransport())
		if err != nil {
			return err
		}
		session.Client.Transport = rt
	}
	budget := processBudget(cfg) // DISCORD_GLOBAL_BUDGET is the token's, shared by the shards
	session.Client.Transport = restpace.GateGlobal(budget, session.Client.Transport)
	routeDiscordgoLogs(log)
	// discordgo's own debug level prints the Identify payload, token and
	// all, so it never goes beyond informational.
	session.LogLevel = discordgo.LogWarning
	if cfg.LogLevel <= slog.LevelDebug {
		session.LogLevel = discordgo.LogInformational
	}
	// Interactions reach a bot without any privileged intent.
	session.Identify.Intents = discordgo.IntentsGuilds
	// Of discordgo's cache the bot reads its own user, and channels and
	// threads (a channel's type and a thread's parent, bot/threads),
	// never members, roles, emojis, stickers, voice or presences:
	// permissions come with each interaction. Those stay out of it.
	cache := session.State
	cache.TrackMembers, cache.TrackThreadMembers, cache.TrackRoles = false, false, false
	cache.TrackEmojis, cache.TrackStickers, cache.TrackVoice, cache.TrackPresences = false, false, false, false
	// discordgo identifies as shard [ID, Count] when Count > 1.
	session.ShardID, session.ShardCount = cfg.Shard.ID, cfg.Shard.Count

	if m != nil {
		observe(m, session, st)
	}

	opts := bot.Options{Session: session, Store: st, Log: log, DevGuildID: cfg.DevGuildID, Metrics: m, CardEmojis: cfg.CardEmojis}
	opts.GlobalBudget = budget
	opts.Shard = cfg.Shard
	b := bot.New(opts)
	gateIdentify(ctx, session, st, cfg.Shard, log)
	b.Listen(session) // after gateIdentify: both set the session's dialer
	if err := session.Open(); err != nil {
		if ctx.Err() != nil {
			return nil // stopped while waiting for the turn to identify
		}
		if httpStatus(err) == http.StatusUnauthorized {
			return errors.New("the token was refused by Discord: check DISCORD_TOKEN (Bot → Reset Token gives a new one)")
		}
		where := "Discord"
		if cfg.APIBase != "" {
			where = cfg.APIBase
		}
		return fmt.Errorf("connecting to %s: %w", where, err)
	}
	log.Info("connected to Discord", "user", session.State.User.Username, "shard", cfg.Shard.ID, "shards", cfg.Shard.Count, "global_budget", budget)
	if err := b.Start(ctx); err != nil {
		session.Close()
		return err
	}
	m.SetReady(true)
	log.Info("cardbot is running; press Ctrl-C to stop")
	<-ctx.Done()
	stopSignals()
	m.SetReady(false)
	log.Info("shutting down (press Ctrl-C again to force)")
	// Stale table messages are sent at the global budget, which with a thousand busy
	// tables could take longer than a supervisor waits (30 s in the unit in docs/operating.md and
	// in compose.yaml): the rest are redrawn after the next start, so the wait is cut.
	shutdownCtx, cancelShutdown := context.WithTimeout(context.Background(), shutdownGrace)
	b.Shutdown(shutdownCtx)
	cancelShutdown()
	if err := session.Close(); err != nil && !errors.Is(err, discordgo.ErrWSNotFound) {
		log.Warn("closing the Discord session", "err", err)
	}
	return nil
}

// shutdownGrace bounds how long a stop waits for the tables' last message edits.
const shutdownGrace = 20 * time.Second

// httpStatus is the HTTP status of a failed REST call, or 0.
// pooledTransport keeps connections to Discord open for reuse: every table
// and every player's hand message make calls at once, and Go's default of
// two idle connections per host would open (and, for real Discord, shake
// hands over TLS) a new one for most of them.
func pooledTransport() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConns = 1024
	t.MaxIdleConnsPerHost = 512
	return t
}

func httpStatus(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Response != nil {
		return re.Response.StatusCode
	}
	return 0
}

// routeDiscordgoLogs sends discordgo's own log lines through slog. discordgo
// never prints the token, and neither does anything here.
func routeDiscordgoLogs(log *slog.Logger) {
	discordgo.Logger = func(level, caller int, format string, a ...any) {
		msg := fmt.Sprintf(format, a...)
		switch level {
		case discordgo.LogError:
			if retried(msg) {
				log.Warn(msg, "source", "discordgo")
				break
			}
			log.Error(msg, "source", "discordgo")
		case discordgo.LogWarning:
			log.Warn(msg, "source", "discordgo")
		case discordgo.LogInformational:
			log.Info(msg, "source", "discordgo")
		default:
			log.Debug(msg, "source", "discordgo")
		}
	}
}

// retried reports a discordgo error that discordgo deals with by itself: a
// failed (re)connection to the gateway, which it retries with a growing
// pause until Discord is back. That is a warning, not an error.
func retried(msg string) bool {
	return strings.HasPrefix(msg, "error connecting to gateway") || strings.HasPrefix(msg, "error reconnecting to gateway")
}
