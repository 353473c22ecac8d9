package main

import (
	"database/sql"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
)

// TestBinaryRefusesAnUnreachableOrBadDatabase: a DATABASE_URL that names no reachable
// server, or that pgx cannot use, stops the bot at start with one line on stderr, without
// the URL's password, and a non-zero exit status.
func TestBinaryRefusesAnUnreachableOrBadDatabase(t *testing.T) {
	t.Parallel()
	cardbotBinary(t)
	srv := discordtest.New(t)
	for _, tc := range []struct{ name, url, want string }{
		{"nothing listens", "postgres://cardbot:secret@127.0.0.1:1/cardbot", "connection refused"},
		{"no such host", "postgres://cardbot:secret@db.invalid:5432/cardbot", "db.invalid"},
		{"bad sslmode", "postgres://cardbot:secret@127.0.0.1:1/cardbot?sslmode=bogus", "sslmode"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			p := startBot(t, tc.name, dir, []string{"DISCORD_TOKEN=" + secretToken, "DISCORD_API_BASE=" + srv.URL(), "DATABASE_URL=" + tc.url})
			select {
			case <-p.done:
			case <-time.After(stopTimeout + 10*time.Second): // pgx's connect timeout is 10 s
				t.Fatalf("still running; want a quick exit")
			}
			var exit *exec.ExitError
			if !errors.As(p.err, &exit) || exit.ExitCode() == 0 {
				t.Fatalf("got %v, want a non-zero exit status", p.err)
			}
			out := p.out.String()
			if strings.Count(out, "\n") != 1 || !strings.HasPrefix(out, "cardbot: ") {
				t.Fatalf("output %q, want exactly one line starting cardbot:", out)
			}
			if !strings.Contains(out, tc.want) || strings.Contains(out, "secret") || strings.Contains(out, secretToken) {
				t.Errorf("output %q, want it to say %q and hide the password and the token", out, tc.want)
			}
			if srv.Connected() != 0 {
				t.Errorf("the bot connected to the gateway without a database")
			}
		})
	}
}

// TestBinaryDatabaseCutUnderPlay: when the bot's database sessions are cut (a PostgreSQL
// restart, as the bot sees it), its shard lease goes with them: the bot stops serving at
// once (closing its gateway), takes the lease back once the database answers, identifies
// anew and rebuilds its table, all in the same process; the table resumes with every
// acknowledged move, neither lost nor doubled.
func TestBinaryDatabaseCutUnderPlay(t *testing.T) {
	t.Parallel()
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		t.Log("TEST_DATABASE_URL is unset: nothing to cut (.ci/run sets it)")
		return
	}
	cardbotBinary(t)
	// An application name of its own, so that the cut reaches this bot's sessions alone
	// and not those of tests running beside it on the server.
	app := "cardbot_cut_" + strconv.FormatInt(time.Now().UnixNano(), 36)
	pgURL := pgTestURL(t, base) + "&application_name=" + app
	srv := discordtest.New(t)
	g := srv.AddGuildOnShard("the server", 0, 2)
	ch := g.AddChannel("tables")
	dir := t.TempDir()
	env := append(shardEnv(srv, filepath.Join(dir, "cardbot.db"), 0), "DATABASE_URL="+pgURL)
	alice, bob := srv.User("alice"), srv.User("bob")
	db, err := sql.Open("pgx", pgURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()

	p := startBot(t, "bot", dir, env)
	p.waitLog("cardbot is running", startTimeout)
	lt := openLaro(t, srv, g, ch, alice, bob)
	for range 2 {
		if !lt.turn() {
			t.Fatal("the game ended within two turns")
		}
	}
	next := nextMover(lt)
	before := lastSeq(t, db)
	identified := srv.Identifies()

	cut := time.Now()
	if _, err := db.Exec(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE application_name LIKE $1 || '%' AND pid <> pg_backend_pid()`, app); err != nil {
		t.Fatal(err)
	}
	p.waitLog("lost the shard's lease", 10*time.Second)
	t.Logf("the bot stopped serving %v after the cut", time.Since(cut).Round(time.Millisecond))
	waitLogCount(p, "cardbot is running", 2, startTimeout)
	t.Logf("the same process served again %v after the cut", time.Since(cut).Round(time.Millisecond))
	waitLogCount(p, "table rebuilt", 1, stepTimeout)
	table := waitMessage(t, ch, "the table, rebuilt", func(m *discordgo.Message) bool {
		return m.ID == lt.table.ID && strings.Contains(msgText(m), "restarted")
	})
	if got := srv.Identifies(); got != identified+1 {
		t.Errorf("%d IDENTIFYs after the cut, want one (the same process identifying anew)", got-identified)
	}
	if after := lastSeq(t, db); after != before {
		t.Errorf("the game holds %d moves after the cut, %d before", after, before)
	}
	if h, _ := openHand(t, next, table); verbButton(h, "draw", "deck") == "" {
		t.Errorf("%s, whose turn it was, may not draw after the cut:\n%s", next.Name(), msgText(h))
	}
	lt.table = table
	lt.playToEnd()
	chipsOf(t, ch, alice, bob)
	noFailures(t, srv)
	for _, o := range srv.ShardOverlaps() {
		t.Errorf("two processes served shard 0 at once: %s", o)
	}
	p.stop()
}

// waitLogCount waits until the process has printed want at least n times.
func waitLogCount(p *botProcess, want string, n int, timeout time.Duration) {
	p.t.Helper()
	deadline := time.Now().Add(timeout)
	for strings.Count(p.out.String(), want) < n {
		select {
		case <-p.done:
			p.t.Fatalf("%s exited (%v) before printing %q %d times", p.name, p.err, want, n)
		default:
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("%s did not print %q %d times within %v", p.name, want, n, timeout)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
