package main

// The soak test: virtual players play Laro and Laus tables on the fake
// Discord against the real binary, which is SIGKILLed at random moments and
// started again. Afterwards nothing a player was told happened may be
// missing, every game's log must replay to what its table message shows, and
// no chip may have appeared, vanished or stayed in escrow or a pot.
//
// By default (plain `go test ./...`, and CI) it runs briefly. Longer:
//
//	CARDBOT_SOAK=5m go test -race -run Soak ./cmd/cardbot
//
// The kill times and table sizes come from a seeded source; the seed is
// logged, and CARDBOT_SOAK_SEED=<seed> replays the same schedule.

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/internal/screen"
)

// soakPlan is how much the soak does.
type soakPlan struct {
	seed   uint64
	play   time.Duration // players start new games for this long; kills happen in it
	kills  int
	tables int
	drain  time.Duration // after play: at most this long without a move, for every game to end
}

// planSoak reads CARDBOT_SOAK and CARDBOT_SOAK_SEED.
func planSoak(t *testing.T) soakPlan {
	t.Helper()
	p := soakPlan{play: 12 * time.Second, kills: 3, tables: 8, drain: time.Minute}
	if v := os.Getenv("CARDBOT_SOAK"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			t.Fatalf("CARDBOT_SOAK=%q: want a duration such as 5m", v)
		}
		p.play = d
		p.kills = max(3, int(d/(20*time.Second)))
		p.tables = 16
	}
	if v := os.Getenv("CARDBOT_SOAK_SEED"); v != "" {
		s, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			t.Fatalf("CARDBOT_SOAK_SEED=%q: want a number", v)
		}
		p.seed = s
	} else {
		p.seed = rand.Uint64()
	}
	return p
}

// soakWorld is the fake Discord, its servers and tables, and the bot.
type soakWorld struct {
	t      *testing.T
	srv    *discordtest.Server
	guilds []*discordtest.Guild
	chans  []*discordtest.Channel
	tables []*soakTable
	dir    string
	db     string
	env    []string
	bot    *botProcess
	runs   int
}

// newSoakWorld starts the fake Discord with two servers and n tables
// (Laro with 2 to 4 players and Laus with 3 or 4, alternately, sizes drawn
// from rng) and the bot, with extra added to its environment.
func newSoakWorld(t *testing.T, n int, rng *rand.Rand, extra ...string) *soakWorld {
	t.Helper()
	cardbotBinary(t)
	w := &soakWorld{t: t, srv: discordtest.New(t, discordtest.WithCallbackDeadline(callbackDeadline)), dir: t.TempDir()}
	w.db = filepath.Join(w.dir, "data", "cardbot.db")
	for i := range 2 {
		w.guilds = append(w.guilds, w.srv.AddGuild(fmt.Sprintf("soak server %d", i+1)))
	}
	for i := range n {
		game, seats := "laro", 2+rng.IntN(3)
		if i%2 == 1 {
			game, seats = "laus", 3+rng.IntN(2)
		}
		ch := w.guilds[i/2%2].AddChannel(fmt.Sprintf("%s-%d", game, i+1))
		st := &soakTable{no: i, game: game, ch: ch}
		for s := range seats {
			st.players = append(st.players, newSoakPlayer(st, w.srv.User(fmt.Sprintf("t%d-p%d", i+1, s+1)), s == 0))
		}
		w.tables = append(w.tables, st)
		w.chans = append(w.chans, ch)
	}
	// Two servers: the commands are registered globally, as in production.
	w.env = []string{
		"DISCORD_TOKEN=" + secretToken,
		"DISCORD_API_BASE=" + w.srv.URL(),
		"DATABASE_PATH=" + w.db,
		"LOG_LEVEL=info",
	}
	w.env = append(w.env, extra...)
	w.start()
	return w
}

// start runs the bot and waits until it is ready.
func (w *soakWorld) start() {
	w.t.Helper()
	w.runs++
	w.bot = startBot(w.t, fmt.Sprintf("run %d", w.runs), w.dir, w.env)
	w.bot.waitLog("cardbot is running", startTimeout)
	if err := w.srv.WaitConnected(1, startTimeout); err != nil {
		w.t.Fatalf("run %d never connected: %v", w.runs, err)
	}
}

// kill ends the bot with SIGKILL: no table saves, no session closes.
func (w *soakWorld) kill() {
	w.t.Helper()
	if err := w.bot.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		w.t.Fatalf("SIGKILL: %v", err)
	}
	<-w.bot.done
	w.bot.checkOutput()
}

// open opens every table as people do: the host's /<game> new, the others'
// Join, the host's Start. Laro tables play for 1 chip a point with an ante
// of 2, so chips move; Laus matches are short (target 100).
func (w *soakWorld) open() {
	w.t.Helper()
	for _, st := range w.tables {
		host := st.players[0]
		opts := []discordtest.ActionOption{discordtest.IntOpt("target", 100)}
		if st.game == "laro" {
			opts = []discordtest.ActionOption{discordtest.IntOpt("stake", 1), discordtest.IntOpt("ante", 2),
				discordtest.IntOpt("claim_window", claimWindow(st.no))}
		}
		r, err := host.u.Slash(st.ch, st.game+" new", opts...)
		act(w.t, host.u.Name()+" /"+st.game+" new", r, err)
		lobby := waitMessage(w.t, st.ch, "a lobby", hasButtons("Join", "Start"))
		for _, p := range st.players[1:] {
			click(w.t, p.u, lobby, "Join")
		}
		lobby = st.ch.Message(lobby.ID)
		click(w.t, host.u, lobby, "Start")
	}
}

// claimWindow is the LARO! window of table no, in seconds: 1 at the
// second Laro table, so that calls are made and contested, and 0 at the
// others, whose draws then wait only for the bot's grace, to keep games
// short.
func claimWindow(no int) int64 {
	if no == 2 {
		return 1
	}
	return 0
}

// check stops the bot cleanly and checks everything the store and the
// channels show, and every acknowledged click.
func (w *soakWorld) check() (acked int) {
	w.t.Helper()
	w.bot.stop()
	db := openStore(w.t, w.db)
	games := readGames(w.t, db)
	var all []ackedMove
	for _, st := range w.tables {
		for _, p := range st.players {
			all = append(all, p.acked...)
		}
	}
	checkReplays(w.t, games, w.chans)
	checkAcknowledged(w.t, games, all)
	checkAllChips(w.t, db)
	w.t.Logf("%d games checked against their replay, %d acknowledged clicks found in the logs", len(games), len(all))
	return len(all)
}

// playUntil runs the players until stop is set and every player has left
// their table after its last game, or ctx ends (see awaitDrain).
func (w *soakWorld) playUntil(ctx context.Context, stop *atomic.Bool) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		crowdOf(ctx, w.tables, func() bool { return !stop.Load() })
	}()
	return done
}

// awaitDrain waits, once play has stopped, until every player has left
// their table (done). A busy machine may make that take minutes; what fails
// the test is a stall: stall without a move acknowledged or a game ended at
// any table. cancel stops the players then.
func (w *soakWorld) awaitDrain(done <-chan struct{}, cancel func(), stall time.Duration) {
	w.t.Helper()
	moved := func() (n int64) {
		for _, st := range w.tables {
			n += st.moved.Load()
		}
		return n
	}
	last, since := moved(), time.Now()
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case <-done:
			return
		case <-tick.C:
		}
		if n := moved(); n != last {
			last, since = n, time.Now()
		} else if time.Since(since) > stall {
			why := w.unfinished() // before cancel: it marks every player gone
			cancel()
			<-done
			w.t.Fatalf("the games did not all end: nothing moved for %v after play stopped:%s", stall, why)
		}
	}
}

// unfinished describes the tables someone still plays at, and the game
// there if it has not ended.
func (w *soakWorld) unfinished() string {
	var out string
	for _, st := range w.tables {
		if !slices.ContainsFunc(st.players, func(p *soakPlayer) bool { return !p.gone.Load() }) {
			continue // everyone has left it
		}
		m := st.current()
		if _, over := screen.Find(m, "again"); !over {
			out += fmt.Sprintf("\n--- %s table %d:\n%s", st.game, st.no+1, msgText(m))
			if m == nil {
				// Nothing in the channel offers My hand or Play again: show what it holds.
				for _, cm := range st.ch.Messages() {
					out += fmt.Sprintf("\n  message %s: %q", cm.ID, msgText(cm))
				}
			}
			out += w.lastRequestsAbout(st, 6)
			for _, p := range st.players {
				out += fmt.Sprintf("\n- %s's hand (last move at version %d of %q):\n%s", p.u.Name(), p.acted, p.actedOn, msgText(p.hand()))
			}
		}
		for _, p := range st.players {
			if !p.gone.Load() {
				out += fmt.Sprintf("\n- %s table %d: %s still plays; last Leave: %v", st.game, st.no+1, p.u.Name(), p.leaving.Load())
			}
		}
	}
	return out
}

// lastRequestsAbout lists the last n REST requests whose body names st's
// table (its ID is in every title and custom_id): what the bot last sent
// about it, for a stalled test's message.
func (w *soakWorld) lastRequestsAbout(st *soakTable, n int) string {
	m := st.ch.Messages()
	if len(m) == 0 || len(m[len(m)-1].Embeds) == 0 {
		return ""
	}
	id := strings.TrimPrefix(tableOf(m[len(m)-1]), "table ")
	if id == "" {
		return ""
	}
	var about []discordtest.Request
	for _, r := range w.srv.Requests() {
		if strings.Contains(string(r.Body), id) {
			about = append(about, r)
		}
	}
	out := fmt.Sprintf("\n  last %d of %d requests naming table %s:", min(n, len(about)), len(about), id)
	for _, r := range about[max(0, len(about)-n):] {
		body := string(r.Body)
		if len(body) > 600 {
			body = body[:300] + " … " + body[len(body)-300:]
		}
		out += fmt.Sprintf("\n  %s %s %s → %d: %s", r.Start.Format("15:04:05.000"), r.Method, r.Route, r.Status, body)
	}
	return out
}

func TestSoakKillsAndRestartsLoseNothing(t *testing.T) {
	t.Parallel()
	plan := planSoak(t)
	t.Logf("soak: seed %d (CARDBOT_SOAK_SEED=%d replays it), %d tables, %v of play, %d SIGKILLs", plan.seed, plan.seed, plan.tables, plan.play, plan.kills)
	rng := rand.New(rand.NewPCG(plan.seed, 0x50a4))
	w := newSoakWorld(t, plan.tables, rng)
	w.open()

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stop atomic.Bool
	start := time.Now()
	done := w.playUntil(ctx, &stop)
	// One kill at a random moment in each equal slice of the play time, the
	// first not before the players are under way.
	slot := plan.play / time.Duration(plan.kills)
	for k := range plan.kills {
		at := time.Duration(k)*slot + time.Duration(rng.Int64N(int64(slot*3/4))) + slot/4
		time.Sleep(time.Until(start.Add(at)))
		w.kill()
		t.Logf("SIGKILL %d at %v", k+1, time.Since(start).Round(time.Millisecond))
		w.start()
	}
	time.Sleep(time.Until(start.Add(plan.play)))
	stop.Store(true)
	w.awaitDrain(done, cancel, plan.drain)
	var clicks, lost, games int
	var waited time.Duration
	for _, st := range w.tables {
		for _, p := range st.players {
			clicks, lost, waited = clicks+p.clicks, lost+p.lost, waited+p.waited
		}
		games += st.players[0].games
		t.Logf("%s table %d, %d players: %d game(s) ended, the last at %v", st.game, st.no+1, len(st.players), st.players[0].games, st.players[0].ended.Sub(start).Round(time.Millisecond))
	}
	t.Logf("%v: %d clicks (%v from click to answer on average), %d unanswered (the bot was down), %d games or matches ended",
		time.Since(start).Round(time.Millisecond), clicks, (waited / time.Duration(max(clicks, 1))).Round(time.Millisecond), lost, games)
	if acked := w.check(); acked == 0 {
		t.Error("no click was acknowledged: the soak checked nothing")
	}
	for _, f := range w.srv.Failures() {
		if f.Kind == discordtest.FailureDouble {
			t.Errorf("answered twice: %s", f)
		}
	}
}
