package main

import (
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
)

// TestBinaryMigrateToPostgres: `cardbot migrate --to` refuses while the bot runs on the
// SQLite file, copies it once the bot has stopped, refuses a second copy into the same
// (now not empty) database, and the bot started on PostgreSQL resumes the game in play
// where it stood, and finishes it with every chip accounted for.
func TestBinaryMigrateToPostgres(t *testing.T) {
	t.Parallel()
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		t.Log("TEST_DATABASE_URL is unset: no PostgreSQL to migrate to (.ci/run sets it)")
		return
	}
	cardbotBinary(t)
	pgURL := pgTestURL(t, base)
	srv := discordtest.New(t)
	g := srv.AddGuildOnShard("the server", 0, 2)
	ch := g.AddChannel("tables")
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "data", "cardbot.db")
	env := shardEnv(srv, dbPath, 0)
	alice, bob := srv.User("alice"), srv.User("bob")

	onFile := startBot(t, "on SQLite", dir, env)
	onFile.waitLog("cardbot is running", startTimeout)
	lt := openLaro(t, srv, g, ch, alice, bob)
	for range 3 {
		if !lt.turn() {
			t.Fatal("the game ended within three turns")
		}
	}
	next := nextMover(lt)
	if code, _, stderr := runSub(t, dir, env, "migrate", "--to", pgURL); code == 0 || !strings.Contains(stderr, "stop every cardbot process") {
		t.Errorf("migrate while the bot runs: exit %d, %q; want a refusal asking to stop it", code, stderr)
	}
	onFile.stop()

	code, stdout, stderr := runSub(t, dir, env, "migrate", "--to", pgURL)
	if code != 0 || !strings.Contains(stdout, "copied") {
		t.Fatalf("migrate: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	t.Logf("migrate: %s", strings.TrimSpace(stdout))
	if code, _, stderr := runSub(t, dir, env, "migrate", "--to", pgURL); code == 0 || !strings.Contains(stderr, "not empty") {
		t.Errorf("a second migrate into the same database: exit %d, %q; want a refusal", code, stderr)
	}
	lite, err := sql.Open("sqlite3", "file:"+dbPath+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer lite.Close()
	pg, err := sql.Open("pgx", pgURL)
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close()
	if a, b := lastSeq(t, lite), lastSeq(t, pg); a != b {
		t.Errorf("the game has %d moves on SQLite, %d on PostgreSQL", a, b)
	}

	onPG := startBot(t, "on PostgreSQL", dir, append(env, "DATABASE_URL="+pgURL))
	onPG.waitLog("cardbot is running", startTimeout)
	onPG.waitLog("table rebuilt", stepTimeout)
	table := waitMessage(t, ch, "the table, restarted on PostgreSQL", func(m *discordgo.Message) bool {
		return m.ID == lt.table.ID && strings.Contains(msgText(m), "restarted")
	})
	if h, _ := openHand(t, next, table); verbButton(h, "draw", "deck") == "" {
		t.Errorf("%s, whose turn it was, may not draw on PostgreSQL:\n%s", next.Name(), msgText(h))
	}
	lt.table = table
	lt.playToEnd()
	chipsOf(t, ch, alice, bob)
	noFailures(t, srv)
	onPG.stop()
}
