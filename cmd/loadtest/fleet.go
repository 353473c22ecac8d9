package main

import (
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cardbot/cardbot/bot/discordtest"
)

// fleet is the fake Discord with its servers, channels and people, and
// routes every change the fake makes to the table where it happened.
type fleet struct {
	srv     *discordtest.Server
	guilds  []*discordtest.Guild
	tables  []*table
	mu      sync.RWMutex
	byChan  map[string]*table
	byUser  map[string]*player
	changed atomic.Int64 // unix nanoseconds of the last change seen
	notices noticeCount  // turn notices posted and deleted (see notices.go)
	// cardText turns card emojis in table messages back into text, once the
	// bot has its emojis (see emojis.Plain).
	cardText atomic.Pointer[strings.Replacer]
}

// newFleet starts the fake Discord with Discord's rate limits and the
// configured latency, and creates the servers, a channel per table and
// its players. logf gets the fake's diagnostics.
func newFleet(c config, logf func(string, ...any)) (*fleet, error) {
	f := &fleet{}
	srv, err := discordtest.Start(discordtest.WithObserver(f.observe), discordtest.WithLogf(logf),
		// The report needs only each call's route and timing, and the
		// players only what their screens show now; nothing is resumed
		// from further back than a couple of seconds.
		discordtest.WithoutRequestBodies(), discordtest.WithoutPastVersions(), discordtest.WithReplayLimit(1000))
	if err != nil {
		return nil, err
	}
	f.srv = srv
	srv.SetLatency(c.latency, c.jitter)
	srv.EnableRateLimits(loadRateLimits())
	byChan, byUser := map[string]*table{}, map[string]*player{}
	for no := range c.tables {
		if no%tablesPerGuild == 0 {
			f.guilds = append(f.guilds, srv.AddGuild(fmt.Sprintf("load server %d", len(f.guilds)+1)))
		}
		g := f.guilds[len(f.guilds)-1]
		game := c.gameOf(no)
		t := newTable(no, game, g.AddChannel(fmt.Sprintf("%s-table-%d", game, no+1)))
		for i := range c.playersOf(game) {
			p := newPlayer(t, srv.User(fmt.Sprintf("t%d-p%d", no+1, i+1)), i == 0)
			t.players = append(t.players, p)
			byUser[p.u.ID()] = p
		}
		f.tables = append(f.tables, t)
		byChan[t.ch.ID()] = t
	}
	// Set apart from the fake's calls above: the observer takes f.mu while
	// the fake holds its own lock.
	f.mu.Lock()
	f.byChan, f.byUser = byChan, byUser
	f.mu.Unlock()
	return f, nil
}

// observe hands a change to its table. It runs under the fake's lock.
func (f *fleet) observe(c discordtest.Change) {
	f.changed.Store(c.At.UnixNano())
	f.notices.note(c)
	f.mu.RLock()
	t := f.byChan[c.Channel.ID()]
	var owner *player
	if c.Owner != nil {
		owner = f.byUser[c.Owner.ID()]
	}
	f.mu.RUnlock()
	if t == nil || c.Owner != nil && owner == nil {
		return
	}
	t.observe(c, owner, f.cardText.Load())
}

// quiet waits until nothing has changed for calm, or at most for limit, so
// that answers still on their way are seen.
func (f *fleet) quiet(calm, limit time.Duration) {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		if time.Since(time.Unix(0, f.changed.Load())) >= calm {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
}
