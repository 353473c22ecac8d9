package store

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"
)

// takeLease takes shard's lease on dsn for t, and releases it when the test ends.
func takeLease(t *testing.T, dsn string, shard int) *Lease {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	l, err := TakeLease(ctx, dsn, shard, nil)
	if err != nil {
		t.Fatalf("take shard %d's lease: %v", shard, err)
	}
	t.Cleanup(l.Release)
	return l
}

// TestLeaseIsExclusive: while one process holds a shard's lease, another waits for it
// (and says so), takes other shards freely, and gets it as soon as it is released.
func TestLeaseIsExclusive(t *testing.T) {
	eachBackend(t, func(t *testing.T) {
		dsn := testDSN(t)
		owner := takeLease(t, dsn, 0)
		takeLease(t, dsn, 1)

		waiting := make(chan error, 10)
		got := make(chan *Lease, 1)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		go func() {
			l, err := TakeLease(ctx, dsn, 0, func(err error) { waiting <- err })
			if err != nil {
				waiting <- err
				return
			}
			got <- l
		}()
		select {
		case err := <-waiting:
			if err != nil {
				t.Fatalf("the standby, waiting: %v", err)
			}
		case <-got:
			t.Fatal("a second process took shard 0's lease while the first held it")
		case <-time.After(10 * time.Second):
			t.Fatal("the standby never said it waits")
		}
		// It keeps waiting for as long as the owner holds the lease.
		select {
		case <-got:
			t.Fatal("a second process took shard 0's lease while the first held it")
		case <-time.After(3 * leasePoll):
		}
		released := time.Now()
		owner.Release()
		select {
		case l := <-got:
			t.Logf("the standby took the lease %v after its release", time.Since(released).Round(time.Millisecond))
			l.Release()
		case <-time.After(5 * time.Second):
			t.Fatal("the standby did not take the released lease within 5 s")
		}
	})
}

// TestLeaseLostWithItsSession: an owner whose database session ends (the server
// terminated it, as when the connection is cut) sees its lease lost within a few
// seconds, and a standby takes it.
func TestLeaseLostWithItsSession(t *testing.T) {
	if os.Getenv("TEST_DATABASE_URL") == "" {
		t.Log("TEST_DATABASE_URL is unset: the PostgreSQL case is not run (.ci/run sets it)")
		return
	}
	t.Run("postgres", func(t *testing.T) {
		dsn := testDSN(t)
		owner := takeLease(t, dsn, 0)
		pid := owner.b.(*pgLease).conn.PgConn().PID()
		if _, err := pgAdmin.Exec(`SELECT pg_terminate_backend($1)`, pid); err != nil {
			t.Fatal(err)
		}
		cut := time.Now()
		select {
		case <-owner.Lost():
			if d := time.Since(cut); d > leaseCheck+leaseCheckTimeout {
				t.Errorf("the lease was reported lost %v after its session ended, want within %v", d, leaseCheck+leaseCheckTimeout)
			}
			if owner.Fence <= leaseCheck+leaseCheckTimeout {
				t.Errorf("the fence %v is no longer than the owner takes to notice (%v)", owner.Fence, leaseCheck+leaseCheckTimeout)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("the lease was not reported lost 10 s after its session ended")
		}
		takeLease(t, dsn, 0)
	})
}

// TestLeaseLostWithItsFile: on SQLite, deleting a shard's lock file would let a new
// process lock a new file of the same name, so the owner reports its lease lost.
func TestLeaseLostWithItsFile(t *testing.T) {
	dsn := testDSN(t)
	owner := takeLease(t, dsn, 0)
	if err := os.Remove(owner.b.(*fileLease).leasePath(0)); err != nil {
		t.Fatal(err)
	}
	select {
	case <-owner.Lost():
	case <-time.After(10 * time.Second):
		t.Fatal("the lease was not reported lost after its lock file was removed")
	}
}

// TestShardCountIsRecordedAndKept: the first process records its SHARD_COUNT; one with
// another count is refused while a shard of the recorded count runs, and replaces the
// count once none does.
func TestShardCountIsRecordedAndKept(t *testing.T) {
	defer func(d time.Duration) { shardCountWait = d }(shardCountWait)
	shardCountWait = time.Second
	eachBackend(t, func(t *testing.T) {
		dsn := testDSN(t)
		st, err := Open(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		ctx := context.Background()
		if n, err := st.ShardCount(ctx); err != nil || n != 0 {
			t.Fatalf("a new database's shard count: %d, %v; want 0 (none)", n, err)
		}
		zero := takeLease(t, dsn, 0)
		if err := zero.CheckShardCount(ctx, st, 2); err != nil {
			t.Fatalf("the first process, SHARD_COUNT 2: %v", err)
		}
		one := takeLease(t, dsn, 1)
		if err := one.CheckShardCount(ctx, st, 2); err != nil {
			t.Fatalf("shard 1 of 2: %v", err)
		}
		one.Release()
		two := takeLease(t, dsn, 2)
		err = two.CheckShardCount(ctx, st, 3)
		if err == nil || !strings.Contains(err.Error(), "SHARD_COUNT 2") {
			t.Fatalf("SHARD_COUNT 3 while shard 0 of 2 runs: %v, want a refusal naming SHARD_COUNT 2", err)
		}
		if n, _ := st.ShardCount(ctx); n != 2 {
			t.Errorf("after the refusal the count is %d, want 2", n)
		}
		zero.Release()
		if err := two.CheckShardCount(ctx, st, 3); err != nil {
			t.Fatalf("SHARD_COUNT 3 once no process of 2 runs: %v", err)
		}
		if n, _ := st.ShardCount(ctx); n != 3 {
			t.Errorf("the count is %d, want 3", n)
		}
	})
}

// TestAnyLeaseTakesTheFirstFreeShard: processes asking for any of two shards take 0,
// then 1, then wait, and the waiting one takes the shard that is released.
func TestAnyLeaseTakesTheFirstFreeShard(t *testing.T) {
	eachBackend(t, func(t *testing.T) {
		dsn := testDSN(t)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		var held []*Lease
		for want := range 2 {
			l, err := TakeAnyLease(ctx, dsn, 2, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer l.Release()
			if l.Shard() != want {
				t.Fatalf("lease %d took shard %d, want %d", want, l.Shard(), want)
			}
			held = append(held, l)
		}
		waiting := make(chan error, 10)
		got := make(chan *Lease, 1)
		go func() {
			l, err := TakeAnyLease(ctx, dsn, 2, func(err error) { waiting <- err })
			if err == nil {
				got <- l
			}
		}()
		if err := <-waiting; err != nil {
			t.Fatalf("the spare, waiting: %v", err)
		}
		held[1].Release()
		select {
		case l := <-got:
			defer l.Release()
			if l.Shard() != 1 {
				t.Errorf("the spare took shard %d, want the released 1", l.Shard())
			}
		case <-ctx.Done():
			t.Fatal("the spare did not take the released shard")
		}
	})
}
