package main

// The shard lease, black-box: two real cardbot processes started for the same shard on
// one database. The second waits as a hot standby; when the owner is killed mid-game it
// takes the shard over, and the table resumes with every acknowledged click.

import (
	"database/sql"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
)

// failoverLimit is how soon after the owner's death the standby must answer a click.
const failoverLimit = 10 * time.Second

func TestBinaryStandbyTakesOverAKilledShard(t *testing.T) {
	t.Parallel()
	t.Run("sqlite", func(t *testing.T) { testStandbyTakesOver(t, "") })
	if base := os.Getenv("TEST_DATABASE_URL"); base != "" {
		t.Run("postgres", func(t *testing.T) { testStandbyTakesOver(t, pgTestURL(t, base)) })
	}
}

// lastSeq is the number of moves the database holds for the one game in play.
func lastSeq(t *testing.T, db *sql.DB) int64 {
	t.Helper()
	var n int64
	if err := db.QueryRow(`SELECT last_seq FROM games WHERE status = 'playing'`).Scan(&n); err != nil {
		t.Fatalf("the game in play: %v", err)
	}
	return n
}

func testStandbyTakesOver(t *testing.T, pgURL string) {
	cardbotBinary(t)
	srv := discordtest.New(t)
	g := srv.AddGuildOnShard("shard zero's server", 0, 2)
	ch := g.AddChannel("tables")
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "data", "cardbot.db")
	env := shardEnv(srv, dbPath, 0)
	driver, dsn := "sqlite3", "file:"+dbPath+"?mode=ro&_busy_timeout=5000"
	if pgURL != "" {
		env = append(env, "DATABASE_URL="+pgURL)
		driver, dsn = "pgx", pgURL
	}
	alice, bob := srv.User("alice"), srv.User("bob")

	owner := startBot(t, "owner of shard 0", dir, env)
	owner.waitLog("cardbot is running", startTimeout)
	addr := freeAddr(t)
	standby := startBot(t, "standby of shard 0", dir, append(env, "METRICS_ADDR="+addr))
	standby.waitLog("waiting as its standby", startTimeout)
	if n := srv.Connected(); n != 1 {
		t.Fatalf("%d gateway sessions while the standby waits, want the owner's alone", n)
	}
	// Alive, so that no liveness probe kills it; not ready, so that it gets no traffic.
	if code, body := get("http://" + addr + "/healthz"); code != http.StatusOK {
		t.Errorf("the standby's /healthz: %d %q, want 200", code, body)
	}
	if code, body := get("http://" + addr + "/readyz"); code != http.StatusServiceUnavailable {
		t.Errorf("the standby's /readyz: %d %q, want 503", code, body)
	}

	db, err := sql.Open(driver, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()

	lt := openLaro(t, srv, g, ch, alice, bob)
	for range 3 {
		if !lt.turn() {
			t.Fatal("the game ended within three turns")
		}
	}
	// Every click so far was acknowledged; the next mover is whoever may draw now.
	next := nextMover(lt)
	before := lastSeq(t, db)

	if strings.Contains(standby.out.String(), "connected to Discord") {
		t.Fatalf("the standby connected to Discord while the owner ran:\n%s", standby.out.String())
	}
	killed := time.Now()
	if err := owner.cmd.Process.Kill(); err != nil { // SIGKILL: nothing runs on the way out
		t.Fatal(err)
	}
	<-owner.done

	standby.waitLog("cardbot is running", failoverLimit)
	running := time.Since(killed)
	waitStatus(t, "http://"+addr+"/readyz", http.StatusOK, "ready", stepTimeout)
	standby.waitLog("table rebuilt", stepTimeout)
	table := waitMessage(t, ch, "the table, taken over", func(m *discordgo.Message) bool {
		return m.ID == lt.table.ID && strings.Contains(msgText(m), "restarted")
	})
	hand, _ := openHand(t, next, table)
	answered := time.Since(killed)
	t.Logf("failover: the standby ran %v and answered its first click %v after the owner's SIGKILL",
		running.Round(time.Millisecond), answered.Round(time.Millisecond))
	if answered > failoverLimit {
		t.Errorf("the standby answered its first click %v after the owner died, want within %v", answered, failoverLimit)
	}
	if after := lastSeq(t, db); after != before {
		t.Errorf("the game holds %d moves after the takeover, %d before: acknowledged moves were lost or doubled", after, before)
	}
	if verbButton(hand, "draw", "deck") == "" {
		t.Errorf("%s, whose turn it was, may not draw after the takeover:\n%s", next.Name(), msgText(hand))
	}
	for _, u := range lt.players {
		if u != next {
			if h, _ := openHand(t, u, table); verbButton(h, "draw", "deck") != "" {
				t.Errorf("%s may draw after the takeover, though it was %s's turn:\n%s", u.Name(), next.Name(), msgText(h))
			}
		}
	}

	lt.table = table
	lt.playToEnd()
	chipsOf(t, ch, alice, bob)
	noFailures(t, srv)
	for _, o := range srv.ShardOverlaps() {
		t.Errorf("two processes served shard 0 at once: %s", o)
	}
	standby.stop()
}

// nextMover waits until one player's hand offers a draw (the last discard's answer has
// reached the next player's hand) and returns that player.
func nextMover(lt *laroTable) *discordtest.User {
	lt.t.Helper()
	deadline := time.Now().Add(stepTimeout)
	for {
		for _, u := range lt.players {
			if verbButton(latestHand(u), "draw", "deck") != "" {
				return u
			}
		}
		if time.Now().After(deadline) {
			lt.t.Fatalf("nobody's hand offers a draw %v after the last discard", stepTimeout)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
