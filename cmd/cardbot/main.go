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
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/metrics"
	"github.com/cardbot/cardbot/store"
)

func main() {
	if len(os.Args) > 1 {
		// cardbot backup PATH, cardbot healthcheck: see commands.go.
		os.Exit(subcommand(os.Args[1:], os.Stdout, os.Stderr))
	}
	keepSchedulerMonitorSteady()
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
// for about 6% more CPU (see docs/load-testing.md). Measured again on
// 2026-11-25 with the cheaper hand redraws (86 kB allocated a click, down
// from 94): GOGC=100 saved 0.07 ms of 1.23 ms a click and raised the memory
// from 47 to 81 kB a table, past the 64 kB target, so 50 stays. A
// GOMEMLIMIT would not help: what a table needs grows with the number of
// tables, which a fixed limit does not know (docs/performance.md).
//
// A GOGC that is set is applied here too: the runtime reads it before main,
// so one written in .env (loaded since) would otherwise not count. A value
// Go would not take ("fast") leaves Go's default, as the runtime does.
func collectGarbageSooner() {
	v, set := os.LookupEnv("GOGC")
	if !set {
		debug.SetGCPercent(50)
		return
	}
	if v == "off" {
		debug.SetGCPercent(-1)
		return
	}
	if n, err := strconv.Atoi(v); err == nil {
		debug.SetGCPercent(n)
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
	// A process that loses its shard's lease stops serving and takes the shard back
	// when it can, all in-process (serve.go): a database restart costs a few seconds of
	// "saving, try again", not a restart of the bot.
	for {
		lease, err := holdShard(ctx, cfg, st, m, log)
		if err != nil || lease == nil {
			return err // nil: stopped while waiting as a standby
		}
		lost, err := serve(ctx, stopSignals, cfg, st, lease, m, log)
		lease.Release()
		if err != nil || !lost {
			return err
		}
	}
}

// shutdownGrace bounds how long a stop waits for the tables' last message edits.
const shutdownGrace = 20 * time.Second

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

// httpStatus is the HTTP status of a failed REST call, or 0.
func httpStatus(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Response != nil {
		return re.Response.StatusCode
	}
	return 0
}

// routeDiscordgoLogs sends discordgo's own log lines through slog. discordgo
// never prints the bot's token, and neither does anything here; the lines in
// which it prints a whole gateway event are cut to the event's type, since a
// click's event carries its interaction token (see eventLine).
func routeDiscordgoLogs(log *slog.Logger) {
	discordgo.Logger = func(level, caller int, format string, a ...any) {
		if line, ok := eventLine(format, a); ok {
			// On a resume Discord replays the events the bot missed before it
			// confirms the session: discordgo handles them, and warns. Routine.
			log.Info(line, "source", "discordgo")
			return
		}
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

// eventLine is what is logged of a discordgo line that prints a whole gateway
// event (%#v of a *discordgo.Event, its raw JSON included): its text up to the
// colon and the event's type, never its data.
func eventLine(format string, a []any) (string, bool) {
	if len(a) != 1 {
		return "", false
	}
	e, ok := a[0].(*discordgo.Event)
	if !ok {
		return "", false
	}
	text, _, _ := strings.Cut(format, ":")
	return fmt.Sprintf("%s: a gateway event of type %q (op %d)", text, e.Type, e.Operation), true
}
