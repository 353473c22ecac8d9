package store

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// A Lease is this process's exclusive hold on one shard: a process serves a shard (opens
// its gateway session, rebuilds and runs its tables) only while it holds the shard's
// lease, so that a duplicated SHARD_ID, or a restarted container whose old copy still
// runs, waits as a hot standby instead of serving the same tables twice.
//
// On PostgreSQL the lease is a session advisory lock keyed by the schema and the shard,
// held on a connection of its own (lease_postgres.go): the server lets it go when that
// session ends, at once when the process dies, and within about 15 s when the host is
// cut off (TCP keepalives on both ends). The holder checks its session every second and
// reports the lease Lost as soon as a check fails; the new owner waits Fence before it
// serves, longer than the old one takes to notice, so two never serve at once.
//
// On SQLite, where every process shares the host, the lease is an flock on a lock file
// per shard beside the database (lease_sqlite.go). The kernel lets it go only when the
// holder's process is gone, so the Fence is zero there.
type Lease struct {
	// Fence is how long the new owner waits after taking the lease before serving.
	Fence time.Duration

	shard int
	pid   int32      // PostgreSQL: the lease session's backend (Store.WriteUnder)
	mu    sync.Mutex // b is used by one goroutine at a time
	b     leaseBackend
	lost  chan struct{}
	stop  chan struct{}
	once  sync.Once
	done  chan struct{}
}

// leaseBackend is what a database offers to hold shard locks.
type leaseBackend interface {
	// tryLock takes shard's lock if it is free, without waiting.
	tryLock(ctx context.Context, shard int) (bool, error)
	// unlock lets go of a lock tryLock took.
	unlock(ctx context.Context, shard int) error
	// alive fails once the backend can no longer vouch that its locks are held.
	alive(ctx context.Context) error
	// sessionPID is the database session holding the locks (PostgreSQL), or 0.
	sessionPID() int32
	close()
}

// How often a standby tries the lease, and how often (and how patiently) the owner
// checks that it still holds it.
const (
	leasePoll         = 500 * time.Millisecond
	leaseCheck        = time.Second
	leaseCheckTimeout = 2 * time.Second
)

// TakeLease waits until this process holds shard's lease on the database dsn (as Open
// takes it), or ctx ends. While another process holds it, report is called with nil
// once, and with each error met while waiting (an unreachable server): a standby keeps
// waiting through them.
func TakeLease(ctx context.Context, dsn string, shard int, report func(error)) (*Lease, error) {
	return waitLease(ctx, dsn, []int{shard}, report)
}

// TakeAnyLease is TakeLease for the first free shard of count (Lease.Shard says which):
// N+1 identical processes serve N shards and keep a spare, which takes whichever shard
// is freed first.
func TakeAnyLease(ctx context.Context, dsn string, count int, report func(error)) (*Lease, error) {
	shards := make([]int, max(count, 1))
	for i := range shards {
		shards[i] = i
	}
	return waitLease(ctx, dsn, shards, report)
}

// waitLease waits until this process holds the lease of one of shards, trying them in
// order.
func waitLease(ctx context.Context, dsn string, shards []int, report func(error)) (*Lease, error) {
	b, fence, err := openLease(dsn)
	if err != nil {
		return nil, err
	}
	shard := -1
	for told := false; ; {
		var err error
		for _, sh := range shards {
			var ok bool
			if ok, err = b.tryLock(ctx, sh); ok {
				shard = sh
				break
			}
			if err != nil {
				break
			}
		}
		if shard >= 0 {
			break
		}
		if ctx.Err() != nil {
			b.close()
			return nil, ctx.Err()
		}
		if report != nil && (err != nil || !told) {
			report(err)
			told = told || err == nil
		}
		select {
		case <-ctx.Done():
			b.close()
			return nil, ctx.Err()
		case <-time.After(leasePoll):
		}
	}
	l := &Lease{Fence: fence, shard: shard, pid: b.sessionPID(), b: b, lost: make(chan struct{}), stop: make(chan struct{}), done: make(chan struct{})}
	go l.watch()
	return l, nil
}

// openLease opens the lease backend for dsn and says its fencing interval.
func openLease(dsn string) (leaseBackend, time.Duration, error) {
	if IsPostgresURL(dsn) {
		b, err := newPGLease(dsn)
		return b, pgLeaseFence, err
	}
	return newFileLease(dsn), 0, nil
}

// Shard returns the shard the lease holds.
func (l *Lease) Shard() int { return l.shard }

// Lost is closed when the lease can no longer be vouched for: the process must stop
// serving at once, since another may take the shard after its Fence.
func (l *Lease) Lost() <-chan struct{} { return l.lost }

// Release lets go of the lease, for a clean stop.
func (l *Lease) Release() {
	l.once.Do(func() { close(l.stop) })
	<-l.done
	l.mu.Lock()
	defer l.mu.Unlock()
	_ = l.b.unlock(context.Background(), l.shard)
	l.b.close()
}

// watch checks the lease every leaseCheck until Release, and closes lost at the first
// failed check.
func (l *Lease) watch() {
	defer close(l.done)
	t := time.NewTicker(leaseCheck)
	defer t.Stop()
	for {
		select {
		case <-l.stop:
			return
		case <-t.C:
		}
		ctx, cancel := context.WithTimeout(context.Background(), leaseCheckTimeout)
		l.mu.Lock()
		err := l.b.alive(ctx)
		l.mu.Unlock()
		cancel()
		if err != nil {
			close(l.lost)
			return
		}
	}
}

// shardCountWait is how long CheckShardCount waits for processes of an old count to go.
var shardCountWait = 10 * time.Second // a variable for tests

// CheckShardCount compares count with the SHARD_COUNT recorded in st, and records it if
// none is. Another recorded count is replaced only once no other shard of it is leased:
// the operator stopped the old processes, as changing the count requires; while some
// still run (for up to shardCountWait) it refuses, since two counts would split
// Discord's servers two ways and serve some twice. Processes restarting together with a
// new count converge: the first one records it, and the rest find it recorded.
func (l *Lease) CheckShardCount(ctx context.Context, st *Store, count int) error {
	deadline := time.Now().Add(shardCountWait)
	for {
		rec, err := st.ShardCount(ctx)
		if err != nil {
			return err
		}
		if rec == count {
			return nil
		}
		busy, err := l.leasedOther(ctx, rec)
		if err != nil {
			return err
		}
		if busy < 0 {
			return st.RecordShardCount(ctx, count)
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("SHARD_COUNT is %d, but the database's processes run with SHARD_COUNT %d and shard %d of them still runs: "+
				"to change the count, stop every cardbot process, then start them all with the new one", count, rec, busy)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(leasePoll):
		}
	}
}

// leasedOther returns a shard below count other than l's whose lease someone holds, or -1.
func (l *Lease) leasedOther(ctx context.Context, count int) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for i := range count {
		if i == l.shard {
			continue
		}
		ok, err := l.b.tryLock(ctx, i)
		if err != nil {
			return 0, err
		}
		if !ok {
			return i, nil
		}
		if err := l.b.unlock(ctx, i); err != nil {
			return 0, err
		}
	}
	return -1, nil
}
