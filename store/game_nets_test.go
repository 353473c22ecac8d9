package store

import (
	"context"
	"database/sql"
	"maps"
	"path/filepath"
	"testing"
	"time"

	"github.com/pressly/goose/v3"

	"github.com/cardbot/cardbot/migrations"
)

// gameNets reads every game_nets row as "game/user" -> net.
func gameNets(t *testing.T, db *sql.DB) map[string]int64 {
	t.Helper()
	rows, err := db.Query(`SELECT game_id, user_id, net FROM game_nets`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var game, user string
		var net int64
		if err := rows.Scan(&game, &user, &net); err != nil {
			t.Fatal(err)
		}
		out[game+"/"+user] = net
	}
	return out
}

// TestGameNetsFollowTheLedgerAcrossTheUpgrade: migration 10 fills game_nets from the
// ledger an older build wrote, its trigger keeps it up to date after, and its Down
// section gives the older schema back.
func TestGameNetsFollowTheLedgerAcrossTheUpgrade(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	g1 := newGame(t, s, "g", "a", "b")
	g2 := newGame(t, s, "g", "a", "c")
	appendMoves := func(g Game, seq int64, moves ...ChipMove) {
		t.Helper()
		if err := s.AppendAction(ctx, ActionRecord{GameID: g.ID, Seq: seq, Data: []byte(`{}`), At: time.Now()}, moves); err != nil {
			t.Fatal(err)
		}
	}
	appendMoves(g1, 1, ChipMove{User: "a", Reason: ReasonAnte, Amount: 5}, ChipMove{User: "b", Reason: ReasonAnte, Amount: 5})
	appendMoves(g1, 2, ChipMove{User: "b", Reason: ReasonPayout, Amount: 10}, ChipMove{User: "a", Reason: ReasonEscrowHold, Amount: 3})
	appendMoves(g2, 1, ChipMove{User: "a", Reason: ReasonStake, Amount: 7}, ChipMove{User: "c", Reason: ReasonStake, Amount: 2})
	want := map[string]int64{g1.ID + "/a": -5, g1.ID + "/b": 5, g2.ID + "/a": -7, g2.ID + "/c": -2}
	if got := gameNets(t, s.rdb); !maps.Equal(got, want) {
		t.Fatalf("game_nets = %v, want %v", got, want)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	// Back to the schema of migration 9, then rows written the old way.
	db, err := sql.Open("sqlite3", path+"?_foreign_keys=on")
	if err != nil {
		t.Fatal(err)
	}
	p, err := goose.NewProvider(goose.DialectSQLite3, db, migrations.SQLite, goose.WithDisableGlobalRegistry(true))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.DownTo(ctx, 9); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := db.QueryRow(`SELECT COUNT(*) FROM sqlite_schema WHERE name = 'game_nets'`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("after Down: game_nets count %d, %v; want the table gone", n, err)
	}
	if _, err := db.Exec(`INSERT INTO ledger (guild, user_id, delta, reason, game_id, action_seq, created_at)
		VALUES ('g', 'c', 2, 'payout', ?, 1, 0)`, g2.ID); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	s, err = Open(ctx, path)
	if err != nil {
		t.Fatalf("upgrade: %v", err)
	}
	defer s.Close()
	want[g2.ID+"/c"] = 0 // paid back in full
	if got := gameNets(t, s.rdb); !maps.Equal(got, want) {
		t.Fatalf("after the upgrade game_nets = %v, want %v", got, want)
	}
	appendMoves(g2, 2, ChipMove{User: "a", Reason: ReasonPayout, Amount: 7})
	want[g2.ID+"/a"] = 0
	if got := gameNets(t, s.rdb); !maps.Equal(got, want) {
		t.Fatalf("after a payout game_nets = %v, want %v", got, want)
	}
	checkLedger(t, s)
}
