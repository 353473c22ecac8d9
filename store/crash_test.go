package store

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// crashChildEnv tells a re-executed test binary to run as the crash test's child.
const crashChildEnv = "CARDBOT_STORE_CRASH_CHILD_DB"

// Ledger rows each crash-test action writes: an ante, a payout and a hold or release.
const crashMovesPerAction = 3

func TestMain(m *testing.M) {
	if path := os.Getenv(crashChildEnv); path != "" {
		os.Exit(runCrashChild(path))
	}
	if path := os.Getenv(syncFailureChildEnv); path != "" {
		os.Exit(runSyncFailureChild(path))
	}
	os.Exit(m.Run())
}

func crashMoves(players []string, seq int64) []ChipMove {
	// Odd actions hold 2 chips of a player, even ones release what is left of that hold
	// (the ante may have drawn 1 from it).
	hold := ChipMove{User: players[((seq-1)/2)%3], Reason: ReasonEscrowHold, Amount: 2}
	if seq%2 == 0 {
		hold = ChipMove{User: hold.User, Reason: ReasonEscrowRelease}
	}
	return []ChipMove{
		{User: players[seq%3], Reason: ReasonAnte, Amount: 1},
		{User: players[(seq+1)%3], Reason: ReasonPayout, Amount: 1},
		hold,
	}
}

// runCrashChild appends actions to every live game from one goroutine per game, forever,
// printing "game seq" after each commit, until the parent kills it.
func runCrashChild(path string) int {
	ctx := context.Background()
	s, err := Open(ctx, path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "child:", err)
		return 2
	}
	games, err := s.LiveGames(ctx)
	if err != nil {
		fmt.Fprintln(os.Stderr, "child:", err)
		return 2
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, g := range games {
		players := []string{g.Seats[0].User, g.Seats[1].User, g.Seats[2].User}
		wg.Go(func() {
			for seq := int64(1); ; seq++ {
				rec := ActionRecord{GameID: g.ID, Seq: seq, Data: fmt.Appendf(nil, `{"seq":%d}`, seq), At: time.Now()}
				if err := s.AppendAction(ctx, rec, crashMoves(players, seq)); err != nil {
					fmt.Fprintln(os.Stderr, "child:", err)
					os.Exit(3)
				}
				// Reported only after the commit: the parent may rely on every line.
				mu.Lock()
				fmt.Fprintf(os.Stdout, "%s %d\n", g.ID, seq)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return 0
}

// TestCrashSafety SIGKILLs a process that is appending actions and checks that every
// action it reported as committed survives, with its chip movements, and that no partial
// action does.
func TestCrashSafety(t *testing.T) {
	const games = 4
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "crash.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range games {
		newGame(t, s, "g", fmt.Sprintf("a%d", i), fmt.Sprintf("b%d", i), fmt.Sprintf("c%d", i))
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), crashChildEnv+"="+path)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	reported := map[string]int64{}
	lines := 0
	sc := bufio.NewScanner(out)
	killed := false
	for sc.Scan() {
		id, seqText, ok := strings.Cut(sc.Text(), " ")
		seq, err := strconv.ParseInt(seqText, 10, 64)
		if !ok || err != nil {
			t.Fatalf("child printed %q", sc.Text())
		}
		reported[id] = max(reported[id], seq)
		lines++
		if lines == 3000 && !killed {
			// SIGKILL: no deferred code, no Close, no checkpoint.
			if err := cmd.Process.Kill(); err != nil {
				t.Fatal(err)
			}
			killed = true
		}
	}
	err = cmd.Wait()
	if !killed {
		t.Fatalf("child ended by itself after %d lines: %v", lines, err)
	}

	s, err = Open(ctx, path)
	if err != nil {
		t.Fatalf("reopen after crash: %v", err)
	}
	defer s.Close()
	live, err := s.LiveGames(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range live {
		got, acts, err := s.LoadGame(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.LastSeq < reported[g.ID] {
			t.Errorf("game %s: %d actions stored, child reported %d committed", g.ID, got.LastSeq, reported[g.ID])
		}
		if int64(len(acts)) != got.LastSeq {
			t.Errorf("game %s: %d actions, last seq %d", g.ID, len(acts), got.LastSeq)
		}
		for i, a := range acts {
			if a.Seq != int64(i+1) || string(a.Data) != fmt.Sprintf(`{"seq":%d}`, a.Seq) {
				t.Errorf("game %s: action %d is seq %d %s; want contiguous seqs", g.ID, i, a.Seq, a.Data)
			}
		}
		// Every stored action has all its movements, and no movement outlives its action.
		rows, err := s.rdb.Query(`SELECT action_seq, COUNT(*) FROM ledger WHERE game_id = ? GROUP BY action_seq`, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		withMoves := int64(0)
		for rows.Next() {
			var seq, n int64
			if err := rows.Scan(&seq, &n); err != nil {
				t.Fatal(err)
			}
			if seq < 1 || seq > got.LastSeq || n != crashMovesPerAction {
				t.Errorf("game %s: action %d has %d movements (last seq %d), want %d", g.ID, seq, n, got.LastSeq, crashMovesPerAction)
			}
			withMoves++
		}
		rows.Close()
		if withMoves != got.LastSeq {
			t.Errorf("game %s: %d actions have movements, want %d", g.ID, withMoves, got.LastSeq)
		}
	}
	if len(live) != games {
		t.Errorf("%d live games after crash, want %d", len(live), games)
	}
	checkLedger(t, s)
	t.Logf("child killed after %d reported commits; stored %v", lines, reported)
}
