package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// ClaimIdentify claims bucket's turn to IDENTIFY to Discord's gateway, which allows one
// IDENTIFY per every in each bucket (shard_id % max_concurrency) of a bot token, over all
// of the token's processes. It returns 0 when the turn is this caller's (the next is then
// every from now), or how long to wait before asking again. One statement claims the turn
// only if it is free, so two processes asking at once never both get it. The times are
// the hosts' clocks: hosts kept in step by NTP, as every server is, stay far within the
// 5 s.
func (s *Store) ClaimIdentify(ctx context.Context, bucket int, every time.Duration) (time.Duration, error) {
	var wait time.Duration
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		now := s.now()
		res, err := tx.ExecContext(ctx, `INSERT INTO identify_slots (bucket, next_at) VALUES (?, ?)
			ON CONFLICT (bucket) DO UPDATE SET next_at = excluded.next_at WHERE identify_slots.next_at <= ?`,
			bucket, now+every.Milliseconds(), now)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 1 {
			return err
		}
		var next int64
		if err := tx.QueryRowContext(ctx, `SELECT next_at FROM identify_slots WHERE bucket = ?`, bucket).Scan(&next); err != nil {
			return err
		}
		wait = max(time.Duration(next-now)*time.Millisecond, time.Millisecond)
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("store: claim an identify turn: %w", err)
	}
	return wait, nil
}
