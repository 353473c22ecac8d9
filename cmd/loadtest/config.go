package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/cardbot/cardbot/bot/lang"
	cardtable "github.com/cardbot/cardbot/bot/table"
)

// config is one run's settings, from the command line.
type config struct {
	bin         string // the cardbot binary; "": build it
	tables      int
	game        string // "laro", "laus" or "mix" (alternating)
	players     int    // per table; 0: each game's usual
	rate        float64
	duration    time.Duration
	latency     time.Duration
	jitter      time.Duration
	budget      int
	claimWindow int
	turnNotice  int    // the servers' turn_notice, seconds (-1: off)
	out         string // JSON report file; "": none
	profile     string // the bot's profiles' path prefix; "": none
	botGC       string // the bot's GOGC; "": the binary's own choice
	verbose     bool
}

// tablesPerGuild spreads tables over servers as real ones are: one channel
// per table, at most this many tables in one server.
const tablesPerGuild = 50

// parseFlags reads the command line.
func parseFlags(args []string, stderr io.Writer) (config, error) {
	var c config
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: go run ./cmd/loadtest [flags]")
		fmt.Fprintln(stderr, "Runs the real cardbot against a fake Discord with live tables and virtual players, and reports latencies, 429s, memory and CPU.")
		fs.PrintDefaults()
	}
	fs.StringVar(&c.bin, "bin", "", "the cardbot `binary` to run (default: go build ./cmd/cardbot into a temporary folder)")
	fs.IntVar(&c.tables, "tables", 30, "live tables")
	fs.StringVar(&c.game, "game", "laro", "what the tables play: laro, laus, or mix (alternating)")
	fs.IntVar(&c.players, "players", 0, "players per table (default 2 for Laro, 3 for Laus)")
	fs.Float64Var(&c.rate, "rate", 50, "clicks per second, all players together, at most")
	fs.DurationVar(&c.duration, "duration", 30*time.Second, "how long the tables play, once all are open")
	fs.DurationVar(&c.latency, "latency", 50*time.Millisecond, "round trip of every REST call between the bot and Discord")
	fs.DurationVar(&c.jitter, "jitter", 0, "random extra round trip, up to this much")
	fs.IntVar(&c.budget, "budget", 50, "the bot's global REST budget, requests per second (passed as DISCORD_GLOBAL_BUDGET)")
	fs.IntVar(&c.claimWindow, "claim-window", 0, "the LARO! window of Laro tables, in seconds")
	fs.IntVar(&c.turnNotice, "turn-notice", cardtable.DefaultTurnNoticeS, "the servers' turn_notice: seconds before a waiting player is pinged, -1 for off")
	fs.StringVar(&c.out, "out", "", "also write the report as JSON to this `file`")
	fs.StringVar(&c.profile, "profile", "", "profile the bot while the tables play: its CPU profile to `prefix`.cpu, its allocations before and after to prefix.heap0 and prefix.heap1")
	fs.StringVar(&c.botGC, "bot-gogc", "", "run the bot with this GOGC (a percentage, or off) instead of the one it sets itself")
	fs.BoolVar(&c.verbose, "v", false, "print the bot's and the fake Discord's log lines to standard error")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	return c, c.validate()
}

func (c config) validate() error {
	switch {
	case c.tables < 1 || c.tables > 10000:
		return errors.New("-tables must be 1 to 10000")
	case c.game != "laro" && c.game != "laus" && c.game != "mix":
		return fmt.Errorf("-game %q must be laro, laus or mix", c.game)
	case c.players != 0 && c.game != "laus" && (c.players < 2 || c.players > 6):
		return errors.New("-players must be 2 to 6 for Laro")
	case c.players != 0 && c.game != "laro" && (c.players < 3 || c.players > 4):
		return errors.New("-players must be 3 or 4 for Laus and for a mix")
	case c.rate <= 0 || c.rate > 10000:
		return errors.New("-rate must be above 0 and at most 10000 clicks per second")
	case c.duration <= 0 || c.duration > 24*time.Hour:
		return errors.New("-duration must be above 0 and at most 24h")
	case c.latency < 0 || c.jitter < 0 || c.latency > time.Minute || c.jitter > time.Minute:
		return errors.New("-latency and -jitter must be 0 to 1m")
	case c.budget < 1:
		return errors.New("-budget must be at least 1 request per second")
	case c.claimWindow < 0 || c.claimWindow > 15:
		return errors.New("-claim-window must be 0 to 15 seconds")
	case cardtable.CheckTurnNotice(lang.English, int64(c.turnNotice)) != "":
		return errors.New("-turn-notice must be -1 (off), 0, 5, 10, 20, 30 or 60 seconds")
	}
	return nil
}

// gameOf is what table number no plays.
func (c config) gameOf(no int) string {
	if c.game == "mix" {
		return []string{"laro", "laus"}[no%2]
	}
	return c.game
}

// playersOf is how many sit at a table playing game.
func (c config) playersOf(game string) int {
	switch {
	case c.players > 0:
		return c.players
	case game == "laus":
		return 3
	}
	return 2
}
