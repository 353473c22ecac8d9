package main

// These tests run the real binary as an operator would watch and keep it:
// scraping METRICS_ADDR during a game, asking /healthz and /readyz (and the
// healthcheck subcommand a container uses), and taking a backup while it runs.

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/store"
)

// freeAddr returns a loopback address with a port nobody listens on.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// get fetches url and returns its status and body (status 0: no answer).
func get(url string) (int, string) {
	client := &http.Client{Timeout: 5 * time.Second}
	res, err := client.Get(url)
	if err != nil {
		return 0, err.Error()
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// metricValue returns the sample of series (name and labels, as exported)
// in a Prometheus text body.
func metricValue(body, series string) (float64, bool) {
	for _, line := range strings.Split(body, "\n") {
		if rest, ok := strings.CutPrefix(line, series+" "); ok {
			v, err := strconv.ParseFloat(rest, 64)
			return v, err == nil
		}
	}
	return 0, false
}

// waitMetric scrapes base/metrics until series satisfies ok, and returns
// its value.
func waitMetric(t *testing.T, base, series string, what string, ok func(float64) bool) float64 {
	t.Helper()
	deadline := time.Now().Add(stepTimeout)
	for {
		code, body := get(base + "/metrics")
		v, found := metricValue(body, series)
		if code == http.StatusOK && found && ok(v) {
			return v
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: want %s; last scrape (status %d, found %v, value %v):\n%s", series, what, code, found, v, grepMetrics(body))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// grepMetrics keeps cardbot's own series of a scrape, for failure messages.
func grepMetrics(body string) string {
	var keep []string
	for _, l := range strings.Split(body, "\n") {
		if strings.HasPrefix(l, "cardbot_") && !strings.Contains(l, "_bucket{") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

func atLeast(n float64) func(float64) bool { return func(v float64) bool { return v >= n } }
func exactly(n float64) func(float64) bool { return func(v float64) bool { return v == n } }

// runSub runs the binary with args in dir with exactly env, and returns its
// exit status, stdout and stderr.
func runSub(t *testing.T, dir string, env []string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(cardbotBinary(t), args...)
	cmd.Dir = dir
	cmd.Env = append([]string{}, env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.WaitDelay = 5 * time.Second
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0, stdout.String(), stderr.String()
	case errors.As(err, &exit):
		return exit.ExitCode(), stdout.String(), stderr.String()
	}
	t.Fatalf("cardbot %v: %v", args, err)
	return 0, "", ""
}

func TestBinaryServesMetricsAndHealthDuringAGame(t *testing.T) {
	t.Parallel()
	cardbotBinary(t)
	srv := discordtest.New(t)
	g := srv.AddGuild("test server")
	ch := g.AddChannel("card-tables")
	dir := t.TempDir()
	db := filepath.Join(dir, "data", "cardbot.db")
	addr := freeAddr(t)
	base := "http://" + addr
	env := append(botEnv(srv, g, db), "METRICS_ADDR="+addr)
	alice, bob := srv.User("alice"), srv.User("bob")

	p := startBot(t, "bot with metrics", dir, env)
	waitReady(t, p, srv, g.ID())
	if code, body := get(base + "/readyz"); code != http.StatusOK {
		t.Fatalf("/readyz once running: %d %q, want 200", code, body)
	}
	if code, body := get(base + "/healthz"); code != http.StatusOK {
		t.Fatalf("/healthz once running: %d %q, want 200", code, body)
	}
	if code, _, stderr := runSub(t, dir, []string{"METRICS_ADDR=" + addr}, "healthcheck"); code != 0 {
		t.Fatalf("cardbot healthcheck against a healthy bot: exit %d, %q; want 0", code, stderr)
	}
	waitMetric(t, base, `cardbot_live_tables{game="laro",phase="playing"}`, "0 before any table", exactly(0))

	// A game: a command, clicks, a move stored; one callback rate limited
	// by Discord on the way.
	srv.RateLimit("POST", "/interactions/*/*/callback", 1, 300*time.Millisecond)
	r, err := alice.Slash(ch, "laro new", discordtest.IntOpt("stake", 1), discordtest.IntOpt("ante", 0))
	act(t, "alice /laro new", r, err)
	lobby := waitMessage(t, ch, "a lobby with Join and Start", hasButtons("Join", "Start"))
	waitMetric(t, base, `cardbot_live_tables{game="laro",phase="lobby"}`, "1 lobby", exactly(1))
	click(t, bob, lobby, "Join")
	lobby = waitMessage(t, ch, "bob seated", func(m *discordgo.Message) bool {
		return m.ID == lobby.ID && strings.Contains(msgText(m), bob.Name())
	})
	click(t, alice, lobby, "Start")
	table := waitMessage(t, ch, "a game with My hand", hasButtons("My hand", "LARO!"))
	openHand(t, alice, table)
	openHand(t, bob, table)

	waitMetric(t, base, `cardbot_live_tables{game="laro",phase="playing"}`, "1 playing table", exactly(1))
	waitMetric(t, base, `cardbot_live_tables{game="laro",phase="lobby"}`, "no lobby left", exactly(0))
	waitMetric(t, base, `cardbot_interactions_total{kind="command",outcome="answered"}`, "the /laro new", atLeast(1))
	waitMetric(t, base, `cardbot_interactions_total{kind="component",outcome="answered"}`, "Join, Start and two My hand", atLeast(4))
	waitMetric(t, base, `cardbot_interaction_first_reply_seconds_count`, "a first reply per interaction", atLeast(5))
	waitMetric(t, base, `cardbot_interaction_result_seconds_count`, "a result per interaction", atLeast(5))
	waitMetric(t, base, `cardbot_store_commit_seconds_count{kind="append"}`, "the game's start stored", atLeast(1))
	waitMetric(t, base, `cardbot_store_batch_actions_count`, "a group commit", atLeast(1))
	waitMetric(t, base, `cardbot_discord_requests_total{route="interaction"}`, "callbacks", atLeast(5))
	waitMetric(t, base, `cardbot_discord_requests_total{route="channel"}`, "table messages", atLeast(2))
	waitMetric(t, base, `cardbot_discord_rate_limited_total{scope="user"}`, "the 429", exactly(1))
	waitMetric(t, base, `cardbot_rate_limit_wait_seconds_total{limit="retry_after"}`, "the 429's 0.3 s", func(v float64) bool { return v >= 0.29 })

	// Discord refuses an answer, and the bot's retries of it too: the user's
	// command fails, and it shows.
	srv.FailRequests("POST", "/interactions/*/*/callback", 4, http.StatusInternalServerError)
	r, err = alice.Slash(ch, "chips balance")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Wait(); !errors.Is(err, discordtest.ErrInteractionFailed) {
		t.Fatalf("/chips balance with its callback refused: %v, want a failed interaction", err)
	}
	waitMetric(t, base, `cardbot_interactions_total{kind="command",outcome="failed"}`, "the refused answer", exactly(1))
	waitMetric(t, base, `cardbot_discord_errors_total{reason="server",route="interaction"}`, "the four 500s", exactly(4))

	// The gateway drops; discordgo resumes, and the reconnect is counted.
	srv.DropConnections()
	waitMetric(t, base, `cardbot_gateway_reconnects_total`, "one reconnect", exactly(1))
	if err := srv.WaitConnected(1, stepTimeout); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(stepTimeout)
	for code, body := get(base + "/healthz"); code != http.StatusOK; code, body = get(base + "/healthz") {
		if time.Now().After(deadline) {
			t.Fatalf("/healthz after the gateway came back: %d %q, want 200", code, body)
		}
		time.Sleep(50 * time.Millisecond)
	}

	// A backup while the bot runs holds the live table.
	backup := filepath.Join(dir, "backups", "cardbot-1.db")
	code, stdout, stderr := runSub(t, dir, []string{"DATABASE_PATH=" + db}, "backup", backup)
	if code != 0 || !strings.Contains(stdout, backup) {
		t.Fatalf("cardbot backup: exit %d, stdout %q, stderr %q; want 0 and the backup named", code, stdout, stderr)
	}
	code, _, stderr = runSub(t, dir, []string{"DATABASE_PATH=" + db}, "backup", backup)
	if code == 0 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "already exists") {
		t.Errorf("cardbot backup over an existing file: exit %d, stderr %q; want a failure in one line saying it exists", code, stderr)
	}

	p.stop()
	if code, _ := get(base + "/healthz"); code != 0 {
		t.Errorf("/healthz answered %d after the bot stopped, want no answer", code)
	}
	if code, _, _ := runSub(t, dir, []string{"METRICS_ADDR=" + addr}, "healthcheck"); code == 0 {
		t.Errorf("cardbot healthcheck with the bot stopped: exit 0, want a failure")
	}

	st, err := store.Open(context.Background(), backup)
	if err != nil {
		t.Fatalf("opening the backup: %v", err)
	}
	defer st.Close()
	live, err := st.LiveGames(context.Background())
	if err != nil || len(live) != 1 || live[0].Status != store.StatusPlaying {
		t.Errorf("live games in the backup: %v, %v; want the one game being played", live, err)
	}
}

func TestBinaryRefusesBadMetricsAddr(t *testing.T) {
	t.Parallel()
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	for _, tc := range []struct {
		name, addr string
		want       []string
	}{
		{"not a number", ":metrics", []string{"METRICS_ADDR", "port number", ":9090"}},
		{"no port", "localhost", []string{"METRICS_ADDR", "port number"}},
		{"port in use", busy.Addr().String(), []string{"METRICS_ADDR", busy.Addr().String(), "cannot be used"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			env := []string{"DISCORD_TOKEN=" + secretToken, "METRICS_ADDR=" + tc.addr, "DATABASE_PATH=" + filepath.Join(dir, "data", "cardbot.db")}
			code, stdout, stderr := runSub(t, dir, env)
			if code == 0 {
				t.Fatalf("exit 0 with METRICS_ADDR=%q, want a failure", tc.addr)
			}
			if strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "cardbot: ") {
				t.Fatalf("stderr %q, want exactly one line", stderr)
			}
			for _, w := range tc.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr %q does not say %q", stderr, w)
				}
			}
			if stdout != "" || strings.Contains(stderr, secretToken) {
				t.Errorf("stdout %q, stderr %q: want nothing on stdout and no token", stdout, stderr)
			}
			if _, err := os.Stat(filepath.Join(dir, "data")); err == nil {
				t.Errorf("a failed start created the database folder")
			}
		})
	}
}

func TestBinaryUsage(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, args := range [][]string{{"backup"}, {"restore", "x.db"}, {"healthcheck", "now"}} {
		code, stdout, stderr := runSub(t, dir, nil, args...)
		if code != 2 || stdout != "" || !strings.Contains(stderr, "usage: cardbot") || !strings.Contains(stderr, "cardbot backup PATH") {
			t.Errorf("cardbot %v: exit %d, stdout %q, stderr %q; want exit 2 and the usage", args, code, stdout, stderr)
		}
	}
	code, _, stderr := runSub(t, dir, nil, "healthcheck")
	if code != 1 || !strings.Contains(stderr, "METRICS_ADDR is not set") {
		t.Errorf("cardbot healthcheck without METRICS_ADDR: exit %d, %q; want 1 naming METRICS_ADDR", code, stderr)
	}
}
