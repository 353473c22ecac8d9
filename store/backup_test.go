package store

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestBackupWhileWriting takes a backup while eight tables append actions as
// fast as they can, and checks that the copy is a sound database holding
// every action committed before the backup began, and none that was never
// committed.
func TestBackupWhileWriting(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	var games []Game
	for i := range 8 {
		games = append(games, newGame(t, s, "g1", "p"+string(rune('a'+i))))
	}
	var committed atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for _, g := range games {
		wg.Go(func() {
			for seq := int64(1); ; seq++ {
				select {
				case <-stop:
					return
				default:
				}
				rec := ActionRecord{GameID: g.ID, Seq: seq, Data: []byte(`{"kind":"draw"}`), At: time.Now()}
				if err := s.AppendAction(ctx, rec, nil); err != nil {
					t.Errorf("AppendAction: %v", err)
					return
				}
				committed.Add(1)
			}
		})
	}
	// Let the writers get going, then back up in the middle of their work.
	for committed.Load() < 200 {
		time.Sleep(time.Millisecond)
	}
	before := committed.Load()
	dst := filepath.Join(t.TempDir(), "backups", "cardbot-backup.db")
	err := s.Backup(ctx, dst)
	after := committed.Load()
	time.Sleep(20 * time.Millisecond) // the writers keep going after the backup
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatalf("Backup: %v", err)
	}

	db, err := sql.Open(driverName, dst)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var check string
	if err := db.QueryRow(`PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
		t.Fatalf("integrity_check of the backup: %q, %v; want ok", check, err)
	}
	var inBackup, gamesInBackup int64
	if err := db.QueryRow(`SELECT COUNT(*) FROM actions`).Scan(&inBackup); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRow(`SELECT COUNT(*) FROM games`).Scan(&gamesInBackup); err != nil {
		t.Fatal(err)
	}
	total := committed.Load()
	t.Logf("actions committed: %d before the backup, %d when it returned, %d in all; %d in the backup", before, after, total, inBackup)
	// Each writer may have one append committed but not yet counted (the
	// count follows AppendAction's return): the upper bound allows for it.
	if inFlight := int64(len(games)); inBackup < before || inBackup > after+inFlight {
		t.Errorf("the backup holds %d actions, want between %d (committed before it began) and %d (when it returned, plus %d in flight)",
			inBackup, before, after+inFlight, inFlight)
	}
	if inBackup >= total {
		t.Errorf("the backup holds %d actions, as many as were ever committed (%d): the writers never overlapped it", inBackup, total)
	}
	if gamesInBackup != int64(len(games)) {
		t.Errorf("the backup holds %d games, want %d", gamesInBackup, len(games))
	}
	// No partial file is left beside it.
	entries, _ := os.ReadDir(filepath.Dir(dst))
	if len(entries) != 1 {
		t.Errorf("the backup folder holds %d files, want only the backup", len(entries))
	}
	// And a store opens it as its own database.
	s2, err := Open(ctx, dst)
	if err != nil {
		t.Fatalf("opening the backup as a store: %v", err)
	}
	s2.Close()
}

func TestBackupRefusesToOverwrite(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	dst := filepath.Join(t.TempDir(), "old.db")
	if err := os.WriteFile(dst, []byte("an older backup"), 0o600); err != nil {
		t.Fatal(err)
	}
	err := s.Backup(ctx, dst)
	if !errors.Is(err, ErrBackupExists) || !strings.Contains(err.Error(), dst) {
		t.Fatalf("Backup over an existing file: %v, want ErrBackupExists naming it", err)
	}
	if b, _ := os.ReadFile(dst); string(b) != "an older backup" {
		t.Errorf("the existing file now holds %q, want it untouched", b)
	}
}

func TestBackupFileOfAStoppedDatabase(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	src := filepath.Join(dir, "cardbot.db")
	s, err := Open(ctx, src)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Balance(ctx, "g1", "alice"); err != nil {
		t.Fatal(err)
	}
	s.Close()
	dst := filepath.Join(dir, "copy.db")
	if err := BackupFile(ctx, src, dst); err != nil {
		t.Fatalf("BackupFile of a closed database: %v", err)
	}
	s2, err := Open(ctx, dst)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	if b := mustBalance(t, s2, "g1", "alice"); b.Total != DefaultStartingGrant {
		t.Errorf("alice's balance in the backup: %d, want %d", b.Total, DefaultStartingGrant)
	}

	if err := BackupFile(ctx, filepath.Join(dir, "missing.db"), filepath.Join(dir, "x.db")); err == nil ||
		!strings.Contains(err.Error(), "DATABASE_PATH") {
		t.Errorf("BackupFile of a missing database: %v, want an error pointing at DATABASE_PATH", err)
	}
}

// TestBackupOnPostgresSaysPgDump: the bot does not copy a server's database; it says
// which tool does.
func TestBackupOnPostgresSaysPgDump(t *testing.T) { eachBackend(t, testBackupOnPostgresSaysPgDump) }

func testBackupOnPostgresSaysPgDump(t *testing.T) {
	s := openTest(t)
	err := s.Backup(context.Background(), t.TempDir()+"/copy.db")
	if onPostgres(t) != errors.Is(err, ErrBackupPostgres) {
		t.Errorf("Backup on %s: %v", s.dialect, err)
	}
	if !onPostgres(t) && err != nil {
		t.Errorf("Backup on SQLite: %v", err)
	}
}
