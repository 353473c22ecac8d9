package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// syncFailureChildEnv tells a re-executed test binary to append one action with a
// failing WAL sync and the Store's default OnSyncFailure.
const syncFailureChildEnv = "CARDBOT_STORE_SYNC_FAILURE_CHILD_DB"

// runSyncFailureChild appends an action whose sync fails; the default OnSyncFailure must
// stop the process before AppendAction returns.
func runSyncFailureChild(path string) int {
	ctx := context.Background()
	s, err := Open(ctx, path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "child:", err)
		return 2
	}
	games, err := s.LiveGames(ctx)
	if err != nil || len(games) != 1 {
		fmt.Fprintln(os.Stderr, "child: live games:", len(games), err)
		return 2
	}
	s.wal.mu.Lock()
	s.wal.syncFile = func(*os.File) error { return syscall.EIO }
	s.wal.mu.Unlock()
	err = s.AppendAction(ctx, ActionRecord{GameID: games[0].ID, Seq: 1, Data: []byte(`"draw"`), At: time.Now()}, nil)
	// Not reached when the Store stops the process.
	fmt.Fprintln(os.Stdout, "AppendAction answered:", err)
	return 0
}

// By default a failed sync stops the process with ExitSyncFailed before the caller is
// answered, and the committed action is found when the database is opened again.
func TestAFailedSyncExitsTheProcess(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cardbot.db")
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	g := newGame(t, s, "g", "a")
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), syncFailureChildEnv+"="+path)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != ExitSyncFailed {
		t.Fatalf("child: %v, want exit status %d\nstdout: %s\nstderr: %s", err, ExitSyncFailed, stdout.String(), stderr.String())
	}
	if stdout.Len() != 0 {
		t.Errorf("the caller was answered before the process stopped: %s", stdout.String())
	}
	if !strings.Contains(stderr.String(), "input/output error") {
		t.Errorf("stderr %q does not say why it stopped", stderr.String())
	}

	s = reopen(t, path)
	actions, err := s.Actions(context.Background(), g.ID, 0)
	if err != nil || len(actions) != 1 {
		t.Errorf("after the restart: %d actions, %v; want the committed one", len(actions), err)
	}
}

// reopen opens path again, closed at the end of the test.
func reopen(t *testing.T, path string) *Store {
	t.Helper()
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}
