package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// ShardCount returns the SHARD_COUNT recorded in the database (see RecordShardCount), or
// 0 when none is: a database no process has started on since the record was added.
func (s *Store) ShardCount(ctx context.Context) (int, error) {
	var n int
	err := s.readTx(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, `SELECT shards FROM shard_count WHERE id = 1`).Scan(&n)
	})
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("store: read the shard count: %w", err)
	}
	return n, nil
}

// RecordShardCount records n as the cluster's SHARD_COUNT. It does not check that no
// process of another count still runs: Lease.CheckShardCount does, and calls it.
func (s *Store) RecordShardCount(ctx context.Context, n int) error {
	if n < 1 {
		return fmt.Errorf("store: shard count %d, want 1 or more", n)
	}
	return s.writeTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO shard_count (id, shards, recorded_at) VALUES (1, ?, ?)
			ON CONFLICT (id) DO UPDATE SET shards = excluded.shards, recorded_at = excluded.recorded_at`, n, s.now()); err != nil {
			return fmt.Errorf("store: record the shard count: %w", err)
		}
		return nil
	})
}
