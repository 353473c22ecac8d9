package store

import (
	"context"
	"database/sql"
	"fmt"
)

// ProbeWrite commits a tiny write (one row of its own, write_probe) through the same
// writer and sync as every move, and reports why it could not. Ping shows that the
// database answers; ProbeWrite shows that it takes a write, which a read-only file
// system or a full disk refuse while reads still work. The readiness check calls it
// every few seconds (bot/metrics). A failed sync stops the process, as for any write.
func (s *Store) ProbeWrite(ctx context.Context) error {
	return s.writeTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO write_probe (id, probed_at) VALUES (1, ?)
			ON CONFLICT (id) DO UPDATE SET probed_at = excluded.probed_at`, s.now()); err != nil {
			return fmt.Errorf("store: write probe: %w", err)
		}
		return nil
	})
}
