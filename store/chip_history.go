package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"time"
)

// ChipPoint is a player's chip balance right after a change.
type ChipPoint struct {
	At      time.Time
	Balance int64
}

// ChipHistory returns the player's balance in the guild after each of their
// latest chip changes, oldest first, at most n points. The movements of one
// game that follow each other (an ante, then the stake and payout at its
// end) count as one change, shown at the last of them; escrow holds change
// no balance and are left out. A player the guild has not seen has none.
//
// It reads the ledger from its newest row back and stops after n changes,
// and works the balances back from the current one, so it never sums a
// player's whole history. (The ledger has no index by player: a player who
// has not played for a long time costs a longer scan.)
func (s *Store) ChipHistory(ctx context.Context, guild, user string, n int) ([]ChipPoint, error) {
	var out []ChipPoint
	err := s.readTx(ctx, func(tx *sql.Tx) error {
		var bal int64
		err := tx.QueryRowContext(ctx, `SELECT balance FROM balances WHERE guild = ? AND user_id = ?`, guild, user).Scan(&bal)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("store: chip history: %w", err)
		}
		// n changes need at most n runs of rows; a game has a few rows per player.
		rows, err := tx.QueryContext(ctx, `SELECT delta, COALESCE(game_id, ''), created_at FROM ledger
			WHERE guild = ? AND user_id = ? AND delta != 0 ORDER BY id DESC LIMIT ?`, guild, user, 8*n)
		if err != nil {
			return fmt.Errorf("store: chip history: %w", err)
		}
		defer rows.Close()
		prevGame := ""
		for rows.Next() {
			var delta, at int64
			var game string
			if err := rows.Scan(&delta, &game, &at); err != nil {
				return fmt.Errorf("store: chip history: %w", err)
			}
			// Newest first: a row of the same game as the one after it
			// belongs to the change already listed.
			if game == "" || game != prevGame {
				if len(out) == n {
					break
				}
				out = append(out, ChipPoint{At: time.UnixMilli(at).UTC(), Balance: bal})
			}
			prevGame = game
			bal -= delta
		}
		return rows.Err()
	})
	slices.Reverse(out)
	return out, err
}
