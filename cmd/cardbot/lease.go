package main

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/cardbot/cardbot/bot/metrics"
	"github.com/cardbot/cardbot/store"
)

// exitLeaseLost is the exit status of a process that lost its shard's lease (its
// database session failed) and whose tables then did not stop within lostGrace: it
// exits, and its supervisor's restart makes it a standby until the lease is free again.
// A lost lease is otherwise dealt with in-process (serve.go).
const exitLeaseLost = 75

// holdShard takes this process's shard lease before it connects to Discord (see
// store.Lease): while another process serves the shard, this one waits as its hot
// standby, its database already open, and takes over as soon as the lease is free. It
// then checks SHARD_COUNT against the one the database records, and waits the lease's
// fence before the caller identifies. It returns nil, nil if ctx ends while waiting.
// With cfg.ShardAny it takes the first free shard; the lease's Shard says which.
//
// A standby is alive but not ready: /healthz answers 200 while its database answers (no
// gateway is expected of it, and a liveness probe must not kill it), /readyz 503.
// observe replaces that check with the serving one once the shard is taken.
func holdShard(ctx context.Context, cfg config, st *store.Store, m *metrics.Metrics, log *slog.Logger) (*store.Lease, error) {
	shard := cfg.Shard.ID
	count := max(cfg.Shard.Count, 1)
	m.Watch(func() bool { return true }, st.Ping)
	var lease *store.Lease
	var err error
	if cfg.ShardAny {
		lease, err = store.TakeAnyLease(ctx, cfg.database(), count, leaseReporter(log, -1))
	} else {
		lease, err = store.TakeLease(ctx, cfg.database(), shard, leaseReporter(log, shard))
	}
	if ctx.Err() != nil {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	shard = lease.Shard()
	log.Info("took the shard's lease", "shard", shard, "fence", lease.Fence)
	// Every commit proves that this lease is still held (on PostgreSQL), so that once it
	// is lost nothing more commits, even before the loss is seen. The tables of this
	// process's last lease, if any, have all stopped (serve): the store may write again.
	st.WriteUnder(lease)
	st.Unfence()
	if err := lease.CheckShardCount(ctx, st, count); err != nil {
		lease.Release()
		if ctx.Err() != nil {
			return nil, nil
		}
		return nil, err
	}
	if lease.Fence > 0 {
		// A process that held the lease until a moment ago may not have noticed yet
		// that its session failed: wait until it surely has stopped serving.
		log.Info("waiting before connecting, so that the shard's last owner has surely stopped", "shard", shard, "wait", lease.Fence)
		select {
		case <-ctx.Done():
			lease.Release()
			return nil, nil
		case <-time.After(lease.Fence):
		}
	}
	return lease, nil
}

// leaseReporter logs a standby's waiting: once when it starts, and a database that does
// not answer at most every 10 s. Shard -1 stands for any shard (config.ShardAny).
func leaseReporter(log *slog.Logger, shard int) func(error) {
	var mu sync.Mutex
	var last time.Time
	return func(err error) {
		if err == nil {
			if shard < 0 {
				log.Info("every shard is served by another process; waiting as a standby for the first one freed")
				return
			}
			log.Info("another process serves this shard; waiting as its standby", "shard", shard)
			return
		}
		mu.Lock()
		defer mu.Unlock()
		if time.Since(last) >= 10*time.Second {
			last = time.Now()
			log.Warn("waiting for the shard's lease: the database did not answer", "shard", shard, "err", err)
		}
	}
}
