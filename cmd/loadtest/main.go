// Command loadtest runs the real cardbot binary against a fake Discord
// with many live tables and virtual players, and reports how it holds up.
//
//	go run ./cmd/loadtest -tables 30 -rate 50 -duration 30s -latency 50ms -budget 50
//
// It builds the bot (or takes -bin), starts the fake Discord of
// bot/discordtest on 127.0.0.1 with Discord's rate limits and the chosen
// network latency, and starts the bot as a subprocess pointed at it, with a
// fresh database. Virtual players open tables in their own channels (a
// server per 50 tables), then play: they open their hands, draw, discard,
// call LARO! when they can, play Laus cards — acting only on what Discord
// would show them, at most -rate clicks per second all together. At the end
// it stops the bot with SIGTERM and prints latency percentiles, late
// interactions, 429s by scope, the bot's memory per live table and its CPU
// (see docs/load-testing.md).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	c, err := parseFlags(os.Args[1:], os.Stderr)
	if errors.Is(err, flag.ErrHelp) {
		os.Exit(0)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(2)
	}
	holdGarbageCollection()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	r, err := run(ctx, c, os.Stderr)
	if r != nil {
		// Interrupted runs still report what they measured.
		r.print(os.Stdout)
		if c.out != "" {
			err = errors.Join(err, r.writeJSON(c.out))
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
}
