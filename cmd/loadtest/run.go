package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"syscall"
	"time"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/emojis"
	"github.com/cardbot/cardbot/bot/laro"
	"github.com/cardbot/cardbot/bot/laus"
	cardtable "github.com/cardbot/cardbot/bot/table"
)

// Bounds on the phases around the measured run.
const (
	startTimeout = time.Minute      // bot start to "cardbot is running"
	stopTimeout  = 30 * time.Second // SIGTERM to exit
	calm         = 3 * time.Second  // after the run: no change for this long (longer than a webhook bucket's 2 s window)...
	drainLimit   = 10 * time.Second // ...or this long at most
)

// run performs one load test: it starts the fake Discord and the bot, opens
// the tables, lets the players play for the configured duration, stops the
// bot and returns what was measured. log gets progress lines.
func run(ctx context.Context, c config, log io.Writer) (*report, error) {
	dir, err := os.MkdirTemp("", "cardbot-loadtest-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	if c.databaseURL != "" {
		url, drop, err := freshSchema(ctx, c.databaseURL)
		if err != nil {
			return nil, err
		}
		defer drop()
		c.databaseURL = url
	}
	bin := c.bin
	if bin == "" {
		fmt.Fprintln(log, "building cardbot…")
		if bin, err = buildBot(ctx, dir); err != nil {
			return nil, err
		}
	}

	logf := func(string, ...any) {}
	var echo io.Writer
	if c.verbose {
		logf = func(format string, args ...any) { fmt.Fprintf(os.Stderr, format+"\n", args...) }
		echo = os.Stderr
	}
	f, err := newFleet(c, logf)
	if err != nil {
		return nil, err
	}
	defer f.srv.Close()

	env, err := botEnv(c, f, dir)
	if err != nil {
		return nil, err
	}
	bot, err := startBot(bin, dir, env, echo)
	if err != nil {
		return nil, err
	}
	stopped := false
	defer func() {
		if !stopped {
			_ = bot.stop(stopTimeout)
		}
	}()
	if err := bot.waitRunning(startTimeout); err != nil {
		return nil, err
	}
	r := &report{
		Date:    time.Now().Format("2006-01-02"),
		Machine: machine{CPUs: runtime.NumCPU(), OS: runtime.GOOS, Arch: runtime.GOARCH, Go: runtime.Version()},
		Settings: settings{Tables: c.tables, Game: c.game, Players: c.players, Rate: c.rate, Duration: c.duration.String(),
			Latency: c.latency.String(), Jitter: c.jitter.String(), Budget: c.budget, ClaimWindow: c.claimWindow,
			TurnNotice: c.turnNotice, Database: database(c)},
		Guilds: len(f.guilds),
	}
	// Read before the emoji uploads: their pictures are garbage the bot
	// collects when it gets round to it, and counted in the idle figure
	// they made the memory per table read low, even below zero.
	idle, err := readUsage(bot.pid())
	if err != nil {
		return nil, fmt.Errorf("reading the bot's memory: %w", err)
	}
	r.CardEmojis = awaitEmojis(f, bot, log)

	if c.turnNotice != cardtable.DefaultTurnNoticeS {
		if err := setTurnNotice(ctx, f, c.turnNotice); err != nil {
			return nil, err
		}
	}
	fmt.Fprintf(log, "opening %d tables…\n", c.tables)
	pace := newPacer(c.rate)
	start := time.Now()
	live, failed := openAll(ctx, f.tables, pace, c)
	r.SetupSeconds = time.Since(start).Seconds()
	r.LiveTables, r.FailedTables = len(live), len(failed)
	if len(live) == 0 {
		return nil, fmt.Errorf("no table could be opened: %w", errors.Join(failed...))
	}
	for _, err := range failed {
		fmt.Fprintln(log, "a table failed to open:", err)
	}
	w, err := playWindow(ctx, c, f, bot, live, pace, log)
	if err != nil {
		return nil, err
	}
	f.quiet(calm, drainLimit)
	r.fillWindow(w, idle, live, f, c)

	stopped = true
	r.Bot.Exit = "exited cleanly after SIGTERM"
	if err := bot.stop(stopTimeout); err != nil {
		r.Bot.Exit = "after SIGTERM: " + err.Error()
	}
	r.Bot.Warnings, r.Bot.Errors = bot.counts()
	return r, ctx.Err()
}

// fillWindow puts what the play window measured into r: the players'
// figures, the REST routes and 429s, the turn notices, the bot's memory
// and CPU from idle to the window's end, and the generator's own CPU.
func (r *report) fillWindow(w window, idle usage, live []*table, f *fleet, c config) {
	opened, played, start, end := w.opened, w.played, w.start, w.end
	r.Stalls = w.stalls
	m := measure(live)
	r.fill(m, played, f.srv)
	r.SlowReplies = countSlowReplies(m.slowSent, start)
	r.Routes = routeStats(f.srv.Requests(), start, start.Add(played))
	r.TooManyWhen = countTooMany(f.srv.Requests(), start, start.Add(played))
	r.Notices = noticeFigures(c.turnNotice, w.noticesFrom, w.noticesTo, played, r.Routes)
	r.Bot = botFigures{
		RSSIdleKB: idle.rssKB, RSSSetupKB: opened.rssKB, RSSEndKB: end.rssKB,
		RSSPerTableKB: float64(end.rssKB-idle.rssKB) / float64(len(live)),
		CPUSeconds:    (end.cpu - opened.cpu).Seconds(),
		CPUPercent:    100 * (end.cpu - opened.cpu).Seconds() / played.Seconds(),
		SysSeconds:    (end.sys - opened.sys).Seconds(),
	}
	if r.Clicks > 0 {
		r.Bot.CPUPerClickMs = 1000 * r.Bot.CPUSeconds / float64(r.Clicks)
		r.RESTPerClick = float64(restCalls(r.Routes)) / float64(r.Clicks)
	}
	r.Generator.CPUSeconds = (w.selfEnd.cpu - w.self.cpu).Seconds()
	r.Generator.CPUPercent = 100 * r.Generator.CPUSeconds / played.Seconds()
}

// botEnv is the environment the bot under test starts with: the fake
// Discord, a database in dir, the run's global budget, and the profile
// prefix when one is asked for.
func botEnv(c config, f *fleet, dir string) ([]string, error) {
	env := []string{
		"DISCORD_TOKEN=loadtest-token",
		"DISCORD_API_BASE=" + f.srv.URL(),
		"DATABASE_PATH=" + filepath.Join(dir, "data", "cardbot.db"),
		"DISCORD_GLOBAL_BUDGET=" + strconv.Itoa(c.budget),
		"LOG_LEVEL=info",
	}
	if c.databaseURL != "" {
		env = append(env, "DATABASE_URL="+c.databaseURL)
	}
	if len(f.guilds) == 1 {
		// Several servers need the commands registered globally.
		env = append(env, "DEV_GUILD_ID="+f.guilds[0].ID())
	}
	if c.botGC != "" {
		env = append(env, "GOGC="+c.botGC)
	}
	if c.profile != "" {
		prefix, err := filepath.Abs(c.profile)
		if err != nil {
			return nil, err
		}
		env = append(env, "CARDBOT_PROFILE="+prefix)
	}
	return env, nil
}

// awaitEmojis waits for the bot's card emojis and has the virtual players
// read cards through them; it returns how many there are.
func awaitEmojis(f *fleet, bot *botProcess, log io.Writer) int {
	fmt.Fprintln(log, "waiting for the bot's card emojis…")
	if !bot.waitEmojis(emojiLimit) {
		fmt.Fprintf(log, "the card emojis were not ready after %v: hands may show text\n", emojiLimit)
	}
	list := f.srv.ApplicationEmojis()
	// The tables play Laro and Laus: their faces are the bot's emojis.
	f.cardText.Store(emojis.Plain(list, append(laro.Faces(), laus.Faces()...)))

	return len(list)
}

// window is what the play window measured: the bot's and the generator's
// usage at its ends, its length, the turn notices counted at its ends and
// the generator's own stalls.
type window struct {
	opened, end            usage
	self, selfEnd          usage
	start                  time.Time
	played                 time.Duration
	noticesFrom, noticesTo [2]int64
	stalls                 stalls
}

// playWindow lets every player of the live tables play for c.duration and
// measures the window; the profile, when asked for, covers it alone.
func playWindow(ctx context.Context, c config, f *fleet, bot *botProcess, live []*table, pace *pacer, log io.Writer) (w window, err error) {
	if w.opened, err = readUsage(bot.pid()); err != nil {
		return w, fmt.Errorf("reading the bot's usage: %w", err)
	}
	w.self, _ = readUsage("self")
	if c.profile != "" {
		bot.signal(syscall.SIGUSR1) // start profiling
	}

	fmt.Fprintf(log, "playing for %v…\n", c.duration)
	playCtx, cancel := context.WithTimeout(ctx, c.duration)
	defer cancel()
	w.start = time.Now()
	w.noticesFrom = f.notices.snapshot()
	stopProbe := make(chan struct{})
	probed := probeStalls(stopProbe)
	var wg sync.WaitGroup
	for _, t := range live {
		for _, p := range t.players {
			wg.Go(func() { p.play(playCtx, pace) })
		}
	}
	<-playCtx.Done()
	w.played = time.Since(w.start)
	w.noticesTo = f.notices.snapshot()
	close(stopProbe)
	w.stalls = probed()
	if w.end, err = readUsage(bot.pid()); err != nil {
		return w, fmt.Errorf("reading the bot's usage: %w", err)
	}
	w.selfEnd, _ = readUsage("self")
	if c.profile != "" {
		bot.signal(syscall.SIGUSR2) // stop profiling
	}
	wg.Wait() // clicks in flight get their answers
	return w, nil
}

// openAll opens every table at once, each at the fleet's pace, and returns
// the tables that opened and the errors of those that did not.
func openAll(ctx context.Context, tables []*table, pace *pacer, c config) (live []*table, failed []error) {
	errs := make([]error, len(tables))
	var wg sync.WaitGroup
	for i, t := range tables {
		wg.Go(func() {
			if err := t.open(ctx, pace, c); err != nil {
				errs[i] = fmt.Errorf("table %d (%s): %w", t.no+1, t.game, err)
			}
		})
	}
	wg.Wait()
	for i, t := range tables {
		if errs[i] != nil {
			failed = append(failed, errs[i])
		} else {
			live = append(live, t)
		}
	}
	return live, failed
}

// fill puts the measurements and the fake's counters into r.
func (r *report) fill(m measured, played time.Duration, srv *discordtest.Server) {
	r.RunSeconds = played.Seconds()
	r.Clicks, r.SetupClicks, r.ByAction = m.clicks, m.setupClicks, m.byKind
	r.ClicksPerSecond = float64(m.clicks) / played.Seconds()
	r.Refused, r.NoAnswer, r.Deferred = m.refused, m.failed, m.deferred
	r.Figures = []summary{
		summarize("first reply", "click sent → its callback reached Discord", m.firstReply),
		summarize("bot answer", "INTERACTION_CREATE delivered → callback reached Discord (Discord's 3 s clock)", m.botAnswer),
		summarize("own result", "click sent → the clicker sees its result", m.ownResult),
		summarize("drawn card", "of those, Laro draws: click sent → the hand shows the card drawn", m.drawn),
		summarize("turn handover", "discard (Laro) or card played (Laus) sent → the next player's hand offers their move", m.handover),
		summarize("table message lag", "move acknowledged (its callback reached Discord) → the table message shows it", m.tableLag),
	}
	r.Failures = map[string]int{}
	for _, f := range srv.Failures() {
		r.Failures[f.Kind.String()]++
	}
	r.RESTCalls = len(srv.Requests())
	st := srv.RateLimitStats()
	r.RateLimited, r.TooMany = map[string]int{}, map[string]int{}
	for k, v := range st.Requests {
		r.RateLimited[string(k)] = v
	}
	for k, v := range st.TooMany {
		r.TooMany[string(k)] = v
	}
	for k, b := range st.Buckets {
		if b.TooMany > 0 {
			r.HotBuckets = append(r.HotBuckets, bucket{Bucket: k, Requests: b.Requests, TooMany: b.TooMany})
		}
	}
	slices.SortFunc(r.HotBuckets, func(a, b bucket) int { return cmp.Or(b.TooMany-a.TooMany, cmp.Compare(a.Bucket, b.Bucket)) })
	if len(r.HotBuckets) > 5 {
		r.HotBuckets = r.HotBuckets[:5]
	}
}
