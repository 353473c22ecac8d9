package main

// These tests run the real cardbot binary the way a user runs it: built with
// `go build`, configured only through its environment and .env, talking to a
// fake Discord over real HTTP and WebSocket, stopped with SIGTERM.

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
)

// secretToken is the bot token the tests hand the binary; it must never
// show up in anything the process prints.
const secretToken = "some-secret-token-value"

// Generous limits: the race detector and a busy CI machine slow everything.
const (
	startTimeout = 30 * time.Second // process start to commands registered
	stepTimeout  = 10 * time.Second // one user action to its visible effect
	stopTimeout  = 10 * time.Second // SIGTERM to exit
)

var (
	binMu    sync.Mutex
	binDir   string // removed by TestMain
	binDirOK bool
	binaries = map[string]*builtBinary{} // by build tags
)

// builtBinary is one build of the binary, made on first use.
type builtBinary struct {
	once sync.Once
	path string
	err  error
}

// binaryTestsAtOnce is how many tests run at once (t.Parallel) unless -parallel says
// otherwise. Go's default, GOMAXPROCS, is 2 on a 2-core machine, but a binary test
// mostly waits: for its processes to start, for the fake's answers, for a game to end.
// Run two at a time, the package took 5 minutes; each test has its own fake Discord,
// folder and database, so they do not disturb one another.
const binaryTestsAtOnce = 8

func TestMain(m *testing.M) {
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set {
		_ = flag.Set("test.parallel", strconv.Itoa(max(binaryTestsAtOnce, runtime.GOMAXPROCS(0))))
	}
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// cardbotBinary builds the binary once per `go test` run, on first use, so
// that tests not needing it (go test -run Config) do not pay for the build.
func cardbotBinary(t *testing.T) string { return buildCardbot(t, "") }

// buildCardbot builds the binary with the build tags (none: the production
// build) once per `go test` run, on first use.
func buildCardbot(t *testing.T, tags string) string {
	t.Helper()
	binMu.Lock()
	if !binDirOK {
		dir, err := os.MkdirTemp("", "cardbot-bin-")
		if err != nil {
			binMu.Unlock()
			t.Fatal(err)
		}
		binDir, binDirOK = dir, true
	}
	b := binaries[tags]
	if b == nil {
		b = &builtBinary{}
		binaries[tags] = b
	}
	binMu.Unlock()
	b.once.Do(func() {
		name := "cardbot"
		if tags != "" {
			name += "-" + strings.ReplaceAll(tags, ",", "-")
		}
		b.path = filepath.Join(binDir, name)
		args := []string{"build", "-o", b.path}
		if raceEnabled {
			args = append(args, "-race")
		}
		if tags != "" {
			args = append(args, "-tags", tags)
		}
		start := time.Now()
		// `go test` puts its own GOROOT/bin first on PATH, so this is the
		// same toolchain that built the test.
		out, err := exec.Command("go", append(args, ".")...).CombinedOutput()
		if err != nil {
			b.err = fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
			return
		}
		t.Logf("built %s (race=%v) in %v", b.path, raceEnabled, time.Since(start).Round(time.Millisecond))
	})
	if b.err != nil {
		t.Fatal(b.err)
	}
	return b.path
}

// lockedBuffer collects a process's output while it runs.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// botProcess is one run of the binary.
type botProcess struct {
	t    *testing.T
	name string
	cmd  *exec.Cmd
	out  *lockedBuffer // stdout and stderr, interleaved as written
	done chan struct{} // closed when the process has exited
	err  error         // from Wait; read after done
}

// startBot runs the binary in dir with exactly env as its environment.
func startBot(t *testing.T, name, dir string, env []string) *botProcess {
	t.Helper()
	return startBinary(t, cardbotBinary(t), name, dir, env)
}

// startBinary runs the binary bin in dir with exactly env as its environment.
func startBinary(t *testing.T, bin, name, dir string, env []string) *botProcess {
	t.Helper()
	cmd := exec.Command(bin)
	cmd.Dir = dir
	cmd.Env = append([]string{}, env...) // never nil: nil would inherit ours
	out := &lockedBuffer{}
	cmd.Stdout, cmd.Stderr = out, out
	cmd.WaitDelay = 5 * time.Second
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", name, err)
	}
	p := &botProcess{t: t, name: name, cmd: cmd, out: out, done: make(chan struct{})}
	go func() {
		p.err = cmd.Wait()
		close(p.done)
	}()
	t.Cleanup(func() {
		select {
		case <-p.done:
		default:
			_ = cmd.Process.Kill()
			<-p.done
		}
		if t.Failed() || testing.Verbose() {
			t.Logf("output of %s:\n%s", name, out.String())
		}
	})
	return p
}

// waitLog waits until the process has printed want.
func (p *botProcess) waitLog(want string, timeout time.Duration) {
	p.t.Helper()
	deadline := time.Now().Add(timeout)
	for !strings.Contains(p.out.String(), want) {
		select {
		case <-p.done:
			p.t.Fatalf("%s exited (%v) before printing %q", p.name, p.err, want)
		default:
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("%s did not print %q within %v", p.name, want, timeout)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// stop sends SIGTERM and checks that the process exits cleanly and soon.
func (p *botProcess) stop() {
	p.t.Helper()
	start := time.Now()
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		p.t.Fatalf("SIGTERM to %s: %v", p.name, err)
	}
	select {
	case <-p.done:
	case <-time.After(stopTimeout):
		p.t.Fatalf("%s still running %v after SIGTERM", p.name, stopTimeout)
	}
	if p.err != nil {
		p.t.Fatalf("%s after SIGTERM: %v, want exit status 0", p.name, p.err)
	}
	p.t.Logf("%s stopped %v after SIGTERM", p.name, time.Since(start).Round(time.Millisecond))
	p.checkOutput()
}

// checkOutput asserts what must hold for anything the process printed.
func (p *botProcess) checkOutput() {
	p.t.Helper()
	out := p.out.String()
	if strings.Contains(out, secretToken) {
		p.t.Errorf("%s printed the bot token", p.name)
	}
	for _, bad := range []string{"DATA RACE", "panic:", "level=ERROR"} {
		if strings.Contains(out, bad) {
			p.t.Errorf("%s printed %q", p.name, bad)
		}
	}
}

// botEnv is the environment of a bot connected to srv.
func botEnv(srv *discordtest.Server, g *discordtest.Guild, db string) []string {
	return []string{
		"DISCORD_TOKEN=" + secretToken,
		"DISCORD_API_BASE=" + srv.URL(),
		"DATABASE_PATH=" + db,
		"DEV_GUILD_ID=" + g.ID(),
		"LOG_LEVEL=debug",
	}
}

// waitReady waits until the bot is connected, has registered its commands
// to the guild and has finished starting (tables rebuilt).
func waitReady(t *testing.T, p *botProcess, srv *discordtest.Server, guildID string) {
	t.Helper()
	if err := srv.WaitConnected(1, startTimeout); err != nil {
		t.Fatalf("%s never connected to the gateway: %v", p.name, err)
	}
	p.waitLog("cardbot is running", startTimeout)
	var names []string
	for _, c := range srv.Commands(guildID) {
		names = append(names, c.Name)
	}
	for _, want := range []string{"laro", "chips"} {
		if !strings.Contains(" "+strings.Join(names, " ")+" ", " "+want+" ") {
			t.Fatalf("commands registered to the guild: %v, want /%s among them", names, want)
		}
	}
}

// buttonID returns the custom_id of m's enabled button labelled label, or "".
// The tests never build custom_ids: they press what the bot shows.
func buttonID(m *discordgo.Message, label string) string {
	for _, b := range discordtest.Buttons(m) {
		if b.Label == label && !b.Disabled {
			return b.CustomID
		}
	}
	return ""
}

// waitMessage waits for the newest channel message for which match holds.
func waitMessage(t *testing.T, ch *discordtest.Channel, what string, match func(*discordgo.Message) bool) *discordgo.Message {
	t.Helper()
	var found *discordgo.Message
	// The condition runs under the fake's lock: it uses only what it is given.
	_, err := ch.Wait(stepTimeout, func(ms []*discordgo.Message) bool {
		for i := len(ms) - 1; i >= 0; i-- {
			if match(ms[i]) {
				found = ms[i]
				return true
			}
		}
		return false
	})
	if err != nil {
		var all []string
		for _, m := range ch.Messages() {
			all = append(all, msgText(m))
		}
		t.Fatalf("no channel message shows %s (%v); the channel shows:\n%s", what, err, strings.Join(all, "\n----\n"))
	}
	return found
}

// hasButtons reports whether m shows enabled buttons with all these labels.
func hasButtons(labels ...string) func(*discordgo.Message) bool {
	return func(m *discordgo.Message) bool {
		for _, l := range labels {
			if buttonID(m, l) == "" {
				return false
			}
		}
		return true
	}
}

// msgText is what a message shows as text: content, embeds and buttons,
// the buttons on the last line.
func msgText(m *discordgo.Message) string {
	if m == nil {
		return "<nil>"
	}
	return discordtest.MessageText(m, discordtest.TextLayout{FieldSep: ": ", ButtonSep: " "})
}

// act runs one user action and returns the bot's answer.
func act(t *testing.T, who string, r *discordtest.Response, err error) discordtest.Callback {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: Discord refused the action: %v", who, err)
	}
	cb, err := r.Wait()
	if err != nil {
		t.Fatalf("%s: no answer: %v", who, err)
	}
	return cb
}

// click presses the button labelled label on m as u.
func click(t *testing.T, u *discordtest.User, m *discordgo.Message, label string) discordtest.Callback {
	t.Helper()
	id := buttonID(m, label)
	if id == "" {
		t.Fatalf("%s: no %q button on:\n%s", u.Name(), label, msgText(m))
	}
	r, err := u.Click(m, id)
	return act(t, u.Name()+" clicking "+label, r, err)
}

// cardSymbol matches a Laro card as the views print it: as text (●+3,
// ▲−10), or as its emoji once the card emojis are uploaded.
var cardSymbol = regexp.MustCompile(`[●▲■][+−]\d{1,2}|<:(?:circle|triangle|square)_(?:plus|minus)_\d+_[0-9a-f]{8}:\d+>|<:void_[0-9a-f]{8}:\d+>`)

// openHand clicks My hand on the table message and returns the cards the
// ephemeral answer shows.
func openHand(t *testing.T, u *discordtest.User, table *discordgo.Message) (*discordgo.Message, string) {
	t.Helper()
	cb := click(t, u, table, "My hand")
	if !cb.Ephemeral || cb.Message == nil || len(cb.Message.Embeds) == 0 || !strings.HasPrefix(cb.Message.Embeds[0].Title, "Your hand") {
		t.Fatalf("%s's My hand answered (ephemeral=%v):\n%s\nwant an ephemeral hand", u.Name(), cb.Ephemeral, msgText(cb.Message))
	}
	cards := ""
	for _, f := range cb.Message.Embeds[0].Fields {
		if f.Name == "Cards" {
			cards = f.Value
		}
	}
	if n := len(cardSymbol.FindAllString(cards, -1)); n == 0 {
		t.Fatalf("%s's hand shows no cards:\n%s", u.Name(), msgText(cb.Message))
	}
	return cb.Message, cards
}

func noFailures(t *testing.T, srv *discordtest.Server) {
	t.Helper()
	for _, f := range srv.Failures() {
		t.Errorf("interaction failure a user would see: %s", f)
	}
}

func TestBinaryRefusesToStartWithoutSettings(t *testing.T) {
	t.Parallel()
	bin := cardbotBinary(t)
	for _, tc := range []struct {
		name   string
		env    []string
		dotenv string   // the .env in the working directory, if any
		want   []string // all in the one line on stderr
	}{
		{"no token", nil, "", []string{"DISCORD_TOKEN is not set", "https://discord.com/developers/applications", "Reset Token"}},
		{"unfilled copy of .env.example", nil, readEnvExample(t), []string{"DISCORD_TOKEN is not set"}},
		{"blank token", []string{"DISCORD_TOKEN=   "}, "", []string{"DISCORD_TOKEN is not set"}},
		{"bad log level", []string{"DISCORD_TOKEN=" + secretToken, "LOG_LEVEL=loud"}, "", []string{"LOG_LEVEL", "debug, info, warn, error"}},
		{"bad guild", []string{"DISCORD_TOKEN=" + secretToken, "DEV_GUILD_ID=my server"}, "", []string{"DEV_GUILD_ID", "Copy Server ID"}},
		{"shard not below count", []string{"DISCORD_TOKEN=" + secretToken, "SHARD_ID=2", "SHARD_COUNT=2"}, "", []string{"SHARD_ID", "below SHARD_COUNT 2"}},
		{"negative shard", []string{"DISCORD_TOKEN=" + secretToken, "SHARD_ID=-1", "SHARD_COUNT=2"}, "", []string{"SHARD_ID", "whole number"}},
		{"shard count not a number", []string{"DISCORD_TOKEN=" + secretToken, "SHARD_COUNT=many"}, "", []string{"SHARD_COUNT", "whole number"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if tc.dotenv != "" {
				if err := os.WriteFile(filepath.Join(dir, ".env"), []byte(tc.dotenv), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			cmd := exec.Command(bin)
			cmd.Dir = dir
			cmd.Env = append([]string{}, tc.env...)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			cmd.WaitDelay = 5 * time.Second
			start := time.Now()
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			var err error
			select {
			case err = <-done:
			case <-time.After(stopTimeout):
				_ = cmd.Process.Kill()
				<-done
				t.Fatalf("still running after %v; want a quick exit", stopTimeout)
			}
			t.Logf("exited in %v: %v", time.Since(start).Round(time.Millisecond), err)
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() == 0 {
				t.Fatalf("got %v, want a non-zero exit status", err)
			}
			line := stderr.String()
			if strings.Count(line, "\n") != 1 || !strings.HasSuffix(line, "\n") {
				t.Fatalf("stderr is %q, want exactly one line", line)
			}
			for _, w := range tc.want {
				if !strings.Contains(line, w) {
					t.Errorf("stderr %q does not say %q", line, w)
				}
			}
			if strings.Contains(line, secretToken) || strings.Contains(stdout.String(), secretToken) {
				t.Errorf("the token was printed: stderr %q, stdout %q", line, stdout.String())
			}
			if stdout.Len() != 0 {
				t.Errorf("stdout is %q, want nothing", stdout.String())
			}
			entries, _ := os.ReadDir(dir)
			entries = slices.DeleteFunc(entries, func(e os.DirEntry) bool { return e.Name() == ".env" })
			if len(entries) != 0 {
				t.Errorf("a failed start left files behind in its working directory: %v", entries)
			}
		})
	}
}

// readEnvExample returns the repository's .env.example.
func readEnvExample(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", ".env.example"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestBinaryPlaysSurvivesRestartAndStopsCleanly runs on the SQLite file, and on
// PostgreSQL (DATABASE_URL) when TEST_DATABASE_URL names a server (see postgres_test.go).
func TestBinaryPlaysSurvivesRestartAndStopsCleanly(t *testing.T) {
	t.Parallel()
	t.Run("sqlite", func(t *testing.T) { testBinaryPlaysSurvivesRestart(t, "") })
	if base := os.Getenv("TEST_DATABASE_URL"); base != "" {
		t.Run("postgres", func(t *testing.T) { testBinaryPlaysSurvivesRestart(t, pgTestURL(t, base)) })
	}
}

// testBinaryPlaysSurvivesRestart plays, restarts and stops the bot on the SQLite file in
// a new folder, or on the PostgreSQL database pgURL when it is not empty.
func testBinaryPlaysSurvivesRestart(t *testing.T, pgURL string) {
	cardbotBinary(t)
	srv := discordtest.New(t)
	g := srv.AddGuild("test server")
	ch := g.AddChannel("card-tables")
	dir := t.TempDir()
	db := filepath.Join(dir, "data", "cardbot.db") // data/ does not exist yet
	env := botEnv(srv, g, db)
	if pgURL != "" {
		env = append(env, "DATABASE_URL="+pgURL)
	}
	alice, bob := srv.User("alice"), srv.User("bob")

	first := startBot(t, "first run", dir, env)
	waitReady(t, first, srv, g.ID())

	r, err := alice.Slash(ch, "chips balance")
	if cb := act(t, "alice /chips balance", r, err); !cb.Ephemeral || !strings.Contains(msgText(cb.Message), "**1000** chips") {
		t.Fatalf("/chips balance answered (ephemeral=%v) %q, want an ephemeral 1000 chips", cb.Ephemeral, msgText(cb.Message))
	}

	r, err = alice.Slash(ch, "laro new", discordtest.IntOpt("stake", 1), discordtest.IntOpt("ante", 0))
	if cb := act(t, "alice /laro new", r, err); !cb.Ephemeral {
		t.Errorf("/laro new answered publicly %q, want an ephemeral confirmation", msgText(cb.Message))
	}
	lobby := waitMessage(t, ch, "a lobby with Join and Start", hasButtons("Join", "Start"))
	click(t, bob, lobby, "Join")
	lobby = waitMessage(t, ch, "bob seated", func(m *discordgo.Message) bool {
		return m.ID == lobby.ID && strings.Contains(msgText(m), bob.Name())
	})
	click(t, alice, lobby, "Start")
	table := waitMessage(t, ch, "a game with My hand and LARO!", hasButtons("My hand", "LARO!"))

	// Both open their hands; whoever's turn it is draws and discards, so
	// that the restart has a played move to replay.
	hands := map[*discordtest.User]*discordgo.Message{}
	for _, u := range []*discordtest.User{alice, bob} {
		hands[u], _ = openHand(t, u, table)
	}
	var mover *discordtest.User
	for u, h := range hands {
		if buttonID(h, "Draw from deck") != "" {
			mover = u
		}
	}
	if mover == nil {
		t.Fatalf("neither hand offers Draw from deck:\n%s\n----\n%s", msgText(hands[alice]), msgText(hands[bob]))
	}
	click(t, mover, hands[mover], "Draw from deck")
	drawn, discard := waitDiscard(t, mover, hands[mover])
	r, err = mover.Click(drawn, discard)
	act(t, mover.Name()+" discarding", r, err)

	before := map[*discordtest.User]string{}
	table = waitMessage(t, ch, "the game table", hasButtons("My hand"))
	for _, u := range []*discordtest.User{alice, bob} {
		_, before[u] = openHand(t, u, table)
	}
	noFailures(t, srv)

	first.stop()
	if pgURL != "" {
		if _, err := os.Stat(db); err == nil {
			t.Errorf("with DATABASE_URL set, the bot made the SQLite file %s too", db)
		}
		if out := first.out.String(); !strings.Contains(out, `msg="database opened" url="postgres://`) || !strings.Contains(out, "new=true") {
			t.Errorf("the first run did not say it opened a new PostgreSQL database")
		}
	} else {
		if _, err := os.Stat(db); err != nil {
			t.Fatalf("database after the first run: %v", err)
		}
		// A new database file is made loudly (a mistyped DATABASE_PATH shows), an
		// existing one is named quietly.
		if out := first.out.String(); !strings.Contains(out, "level=WARN") || !strings.Contains(out, "a new, empty one was created") || !strings.Contains(out, db) {
			t.Errorf("the first run did not warn that it created %s", db)
		}
	}

	// The second run rebuilds the table from the database and redraws its
	// message; the players' hands are exactly as they were.
	second := startBot(t, "second run", dir, env)
	waitReady(t, second, srv, g.ID())
	second.waitLog("table rebuilt", stepTimeout)
	if pgURL != "" {
		if out := second.out.String(); !strings.Contains(out, `msg="database opened" url="postgres://`) || !strings.Contains(out, "new=false") {
			t.Errorf("the second run did not say it opened the existing PostgreSQL database")
		}
	} else if out := second.out.String(); !strings.Contains(out, `msg="database opened" path=`+db) || strings.Contains(out, "new, empty") {
		t.Errorf("the second run did not name the database it opened, %s, or said it made a new one", db)
	}
	table = waitMessage(t, ch, "the restart notice on the table", func(m *discordgo.Message) bool {
		return hasButtons("My hand", "LARO!")(m) && strings.Contains(msgText(m), "restarted")
	})
	for _, u := range []*discordtest.User{alice, bob} {
		if _, cards := openHand(t, u, table); cards != before[u] {
			t.Errorf("%s's cards after the restart:\n%s\nwant, as before it:\n%s", u.Name(), cards, before[u])
		}
	}
	r, err = bob.Slash(ch, "chips balance")
	if cb := act(t, "bob /chips balance", r, err); !strings.Contains(msgText(cb.Message), "**1000** chips") {
		t.Errorf("bob's balance after the restart: %q, want 1000 chips (ante 0)", msgText(cb.Message))
	}
	noFailures(t, srv)
	second.stop()
}

func TestBinaryReadsDotEnvAndTheEnvironmentWins(t *testing.T) {
	t.Parallel()
	cardbotBinary(t)
	srv := discordtest.New(t)
	g := srv.AddGuild("test server")
	ch := g.AddChannel("card-tables")
	dir := t.TempDir()
	fromFile := filepath.Join(dir, "from-dotenv.db")
	fromEnv := filepath.Join(dir, "from-env.db")
	dotenv := fmt.Sprintf(`# written by the test, like a user's copy of .env.example
DISCORD_TOKEN=%s
DISCORD_API_BASE=%s
DEV_GUILD_ID=%s
DATABASE_PATH=%s
LOG_LEVEL=info
`, secretToken, srv.URL(), g.ID(), fromFile)
	if err := os.WriteFile(filepath.Join(dir, ".env"), []byte(dotenv), 0o600); err != nil {
		t.Fatal(err)
	}

	p := startBot(t, "bot with .env", dir, []string{"DATABASE_PATH=" + fromEnv})
	// Connecting and registering to the guild proves the token, API base
	// and DEV_GUILD_ID came from .env.
	waitReady(t, p, srv, g.ID())
	r, err := srv.User("carol").Slash(ch, "chips balance")
	if cb := act(t, "carol /chips balance", r, err); !strings.Contains(msgText(cb.Message), "**1000** chips") {
		t.Errorf("/chips balance answered %q, want 1000 chips", msgText(cb.Message))
	}
	p.stop()
	if _, err := os.Stat(fromEnv); err != nil {
		t.Errorf("the environment's DATABASE_PATH was not used: %v", err)
	}
	if _, err := os.Stat(fromFile); err == nil {
		t.Errorf("the .env DATABASE_PATH %s was used although the environment sets it", fromFile)
	}
	if strings.Contains(p.out.String(), "level=DEBUG") {
		t.Errorf("LOG_LEVEL=info from .env was not applied: the output has debug lines")
	}
}

// waitDiscard waits until u's hand, after a draw, offers a discard, and
// returns that hand and one discard button's custom_id. before is the hand
// as it was, for the failure message.
func waitDiscard(t *testing.T, u *discordtest.User, before *discordgo.Message) (*discordgo.Message, string) {
	t.Helper()
	var drawn *discordgo.Message
	var discard string
	_, err := u.WaitEphemeral(stepTimeout, func(ms []*discordgo.Message) bool {
		for _, m := range ms {
			for _, id := range discordtest.CustomIDs(m) {
				if strings.Contains(id, "/discard/") {
					drawn, discard = m, id
				}
			}
		}
		return discard != ""
	})
	if err != nil {
		t.Fatalf("after drawing, %s's hand offers no discard: %v\n%s", u.Name(), err, msgText(before))
	}
	return drawn, discard
}
