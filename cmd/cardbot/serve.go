package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot"
	"github.com/cardbot/cardbot/bot/metrics"
	"github.com/cardbot/cardbot/bot/restbase"
	"github.com/cardbot/cardbot/bot/restpace"
	"github.com/cardbot/cardbot/store"
)

// serve serves the shard that lease holds: it connects to Discord, rebuilds the
// shard's tables and runs them until ctx ends (a clean stop: lost is false) or the
// lease is lost (lost is true), and returns once every table has stopped.
//
// Losing the lease (its database session failed: a PostgreSQL restart, a network cut)
// does not end the process. From the moment it is seen (fenceOnLoss), the store refuses
// every write, so that no table changes a game any more (a move in flight is undone and
// its player told the table is saving), Discord hears nothing more from this process
// (its REST calls fail at once), and the gateway is closed. All of that happens within
// the check that noticed the loss, well inside the fence a new owner waits
// (store.Lease), so that two processes never serve the shard together. The tables then
// stop, and the caller waits for the lease as a standby does: once it holds it again
// (nobody else took it), it waits the fence, identifies anew and rebuilds every table
// from the database. What the old tables held in memory is dropped, so a move whose
// commit failed, or whose commit reached the database unanswered, is exactly as the
// database has it. Only tables that do not stop within lostGrace make the process exit
// (exitLeaseLost), for its supervisor to start afresh.
func serve(ctx context.Context, stopSignals func(), cfg config, st *store.Store, lease *store.Lease, m *metrics.Metrics, log *slog.Logger) (lost bool, err error) {
	cfg.Shard.ID = lease.Shard() // the one taken, when SHARD_ID was left to the leases
	cut := &cutTransport{}
	session, budget, err := newSession(cfg, cut, log)
	if err != nil {
		return false, err
	}
	if m != nil {
		observe(m, session, st)
	}
	opts := bot.Options{Session: session, Store: st, Log: log, DevGuildID: cfg.DevGuildID, Metrics: m, CardEmojis: cfg.CardEmojis}
	opts.GlobalBudget = budget
	opts.Shard = cfg.Shard
	b := bot.New(opts)
	fenced := fenceOnLoss(lease, st, m, cut, session, log)
	defer fenced.stopWatching()
	// After a loss: the gateway closed again, since it may have opened after the fence
	// closed it (a loss while connecting), and the tables stopped.
	stopLost := func() (bool, error) {
		_ = session.Close()
		return true, stopAfterLoss(b, log)
	}

	gateIdentify(ctx, session, st, cfg.Shard, log)
	b.Listen(session) // after gateIdentify: both set the session's dialer
	if err := session.Open(); err != nil {
		if ctx.Err() != nil {
			return false, nil // stopped while waiting for the turn to identify
		}
		if fenced.happened() {
			return stopLost()
		}
		if httpStatus(err) == http.StatusUnauthorized {
			return false, errors.New("the token was refused by Discord: check DISCORD_TOKEN (Bot → Reset Token gives a new one)")
		}
		where := "Discord"
		if cfg.APIBase != "" {
			where = cfg.APIBase
		}
		return false, fmt.Errorf("connecting to %s: %w", where, err)
	}
	if fenced.happened() {
		return stopLost() // lost while connecting: the fence's Close may have come first
	}
	log.Info("connected to Discord", "user", session.State.User.Username, "shard", cfg.Shard.ID, "shards", cfg.Shard.Count, "global_budget", budget)
	if err := b.Start(ctx); err != nil {
		if fenced.happened() {
			return stopLost()
		}
		session.Close()
		return false, err
	}
	if !fenced.happened() {
		m.SetReady(true)
		log.Info("cardbot is running; press Ctrl-C to stop")
	}
	select {
	case <-ctx.Done():
	case <-fenced.done:
		return stopLost()
	}
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
	return false, nil
}

// lostGrace bounds how long the tables of a lost lease may take to stop. With the store
// fenced and Discord cut off, each only has to finish the handler it is in.
const lostGrace = 10 * time.Second

// stopAfterLoss stops the tables of a lost lease. Should some not stop in time, the
// process exits, so that none of them can write once the lease is taken back.
func stopAfterLoss(b *bot.Bot, log *slog.Logger) error {
	ctx, cancel := context.WithTimeout(context.Background(), lostGrace)
	defer cancel()
	if !b.Shutdown(ctx) {
		log.Error("the tables did not stop after the shard's lease was lost: stopping the process, so that its restart starts afresh", "exit", exitLeaseLost)
		os.Exit(exitLeaseLost)
	}
	log.Warn("stopped serving the shard; taking it back once its lease is free and the database answers")
	return nil
}

// restTimeout bounds one REST call, the wait for the global budget and the
// reading of the answer included.
const restTimeout = 20 * time.Second

// newSession makes the Discord session of one lease's serving, its REST calls through
// cut, and returns the process's share of the token's global budget.
func newSession(cfg config, cut *cutTransport, log *slog.Logger) (*discordgo.Session, int, error) {
	session, err := discordgo.New("Bot " + cfg.Token)
	if err != nil {
		return nil, 0, fmt.Errorf("creating the Discord session: %w", err)
	}
	// No Timeout: the outermost transport bounds each call (restpace.WithDeadline),
	// which spares net/http a goroutine and a timer a call.
	session.Client = &http.Client{Transport: pooledTransport()}
	if cfg.APIBase != "" {
		rt, err := restbase.Transport(cfg.APIBase, pooledTransport())
		if err != nil {
			return nil, 0, err
		}
		session.Client.Transport = rt
	}
	budget := processBudget(cfg) // DISCORD_GLOBAL_BUDGET is the token's, shared by the shards
	cut.next = session.Client.Transport
	session.Client.Transport = restpace.WithDeadline(restTimeout, restpace.GateGlobal(budget, cut))
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
	return session, budget, nil
}
