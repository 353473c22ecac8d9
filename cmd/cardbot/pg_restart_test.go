package main

import (
	"context"
	"database/sql"
	"math/rand/v2"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/ui"
)

// TestBinaryPostgresRestartUnderPlay: the real PostgreSQL server under the bot is
// restarted, and later crashes and stays down a while, as virtual players play staked
// Laro tables and Laus tables. Each time the same process stops serving (its shard
// lease went with its session), takes the lease back once the server is up, identifies
// anew and rebuilds its tables, without a restart. Afterwards every acknowledged click
// is in the logs, no move is doubled (every log replays to what its table shows), and
// every chip granted is in a balance, none left in escrow or a pot.
func TestBinaryPostgresRestartUnderPlay(t *testing.T) {
	if os.Getenv("TEST_DATABASE_URL") == "" {
		t.Log("TEST_DATABASE_URL is unset: PostgreSQL is not tested here (.ci/run sets it)")
		return
	}
	pg := startPGServer(t)
	seed := rand.Uint64()
	t.Logf("table sizes from seed %d", seed)
	w := newSoakWorld(t, 4, rand.New(rand.NewPCG(seed, 0x9a57)), "DATABASE_URL="+pg.URL)
	w.open()
	identified := w.srv.Identifies()

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stop atomic.Bool
	start := time.Now()
	done := w.playUntil(ctx, &stop)
	movedAfter := func(since int64) {
		t.Helper()
		deadline := time.Now().Add(startTimeout)
		for w.moved() <= since {
			if time.Now().After(deadline) {
				t.Fatalf("no move was acknowledged within %v of the bot serving again:%s", startTimeout, w.unfinished())
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	movedAfter(0)

	// A restart: the server ends every session, and is back at once.
	before := w.moved()
	restarted := time.Now()
	pg.Restart()
	w.bot.waitLog("lost the shard's lease", stepTimeout)
	waitLogCount(w.bot, "cardbot is running", 2, startTimeout)
	t.Logf("restart: serving again %v after it", time.Since(restarted).Round(time.Millisecond))
	movedAfter(before)

	// A crash, and the server down until the bot has noticed: clicks meanwhile are
	// answered "saving" or not at all, and none is acknowledged.
	before = w.moved()
	crashed := time.Now()
	pg.Crash()
	waitLogCount(w.bot, "lost the shard's lease", 2, stepTimeout)
	pg.Start()
	waitLogCount(w.bot, "cardbot is running", 3, startTimeout)
	t.Logf("crash: serving again %v after it", time.Since(crashed).Round(time.Millisecond))
	movedAfter(before)

	stop.Store(true)
	w.awaitDrain(done, cancel, time.Minute)
	if w.runs != 1 {
		t.Errorf("the bot was started %d times, want once", w.runs)
	}
	if got := w.srv.Identifies() - identified; got != 2 {
		t.Errorf("%d IDENTIFYs after the first, want 2: one a return to serving", got)
	}
	for _, o := range w.srv.ShardOverlaps() {
		t.Errorf("two sessions served one shard at once: %s", o)
	}
	saving := 0
	for _, st := range w.tables {
		for _, p := range st.players {
			for _, m := range p.u.Ephemeral() {
				if strings.Contains(msgText(m), ui.Saving(lang.English)) {
					saving++
				}
			}
		}
	}
	t.Logf("%v of play, %d private answers still saying the table is saving", time.Since(start).Round(time.Millisecond), saving)

	w.bot.stopAllowing("storing ", "shard's lease")
	db, err := sql.Open("pgx", pg.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	games := readGames(t, db)
	var acked []ackedMove
	for _, st := range w.tables {
		for _, p := range st.players {
			acked = append(acked, p.acked...)
		}
	}
	checkReplays(t, games, w.chans)
	checkAcknowledged(t, games, acked)
	checkAllChips(t, db)
	t.Logf("%d games checked against their replay, %d acknowledged clicks found in the logs", len(games), len(acked))
	if len(acked) == 0 {
		t.Error("no click was acknowledged: the test checked nothing")
	}
	for _, f := range w.srv.Failures() {
		if f.Kind == discordtest.FailureDouble {
			t.Errorf("answered twice: %s", f)
		}
	}
}

// moved is how many moves the players saw acknowledged, and games end, so far.
func (w *soakWorld) moved() (n int64) {
	for _, st := range w.tables {
		n += st.moved.Load()
	}
	return n
}

// stopAllowing is stop for a process that met database faults: the errors it logged
// must each contain one of allowed (what the faults explain), and nothing else may be
// amiss.
func (p *botProcess) stopAllowing(allowed ...string) {
	p.t.Helper()
	start := time.Now()
	if err := p.cmd.Process.Signal(os.Interrupt); err != nil {
		p.t.Fatalf("SIGINT to %s: %v", p.name, err)
	}
	select {
	case <-p.done:
	case <-time.After(stopTimeout):
		p.t.Fatalf("%s still running %v after SIGINT", p.name, stopTimeout)
	}
	if p.err != nil {
		p.t.Fatalf("%s after SIGINT: %v, want exit status 0", p.name, p.err)
	}
	p.t.Logf("%s stopped %v after SIGINT", p.name, time.Since(start).Round(time.Millisecond))
	out := p.out.String()
	for _, bad := range []string{secretToken, "DATA RACE", "panic:"} {
		if strings.Contains(out, bad) {
			p.t.Errorf("%s printed %q", p.name, bad)
		}
	}
lines:
	for _, line := range strings.Split(out, "\n") {
		if !strings.Contains(line, "level=ERROR") {
			continue
		}
		for _, a := range allowed {
			if strings.Contains(line, a) {
				continue lines
			}
		}
		p.t.Errorf("%s logged an error the faults do not explain: %s", p.name, line)
	}
}
