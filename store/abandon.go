package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Closure says why a game that nobody won was ended early.
type Closure struct {
	// By is the Discord user ID of the member who closed the game; empty when the bot
	// ended it by itself (an unreachable channel, a log that cannot be rebuilt).
	By string
	// Reason is a short phrase for the history and the log, e.g. "closed by a moderator".
	Reason string
	// At is when the game was closed (filled in by the Store).
	At time.Time
}

// AbandonGame ends a lobby or running game that nobody won: every player gets back what
// they paid into its pot (antes, and stakes if any were paid), everything it holds in
// escrow is released, the game is cancelled, and the closure is recorded, all in one
// transaction. It reports false with a nil error when the game was closed already, so a
// second abandon (a moderator and a deleted channel at once) changes nothing.
//
// The refund is read from the ledger (game_nets), not from any game's rules, so it holds
// for every game: a player whose net in the game is negative gets that back, and the pot
// is then empty by the ledger's own arithmetic.
func (s *Store) AbandonGame(ctx context.Context, gameID string, c Closure) (bool, error) {
	if c.Reason == "" {
		return false, fmt.Errorf("%w: a closure needs a reason", ErrInvalid)
	}
	abandoned := false
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		g, err := loadGameChips(ctx, tx, gameID)
		if err != nil {
			return err
		}
		if g.status.Closed() {
			return nil
		}
		refunds, err := potRefunds(ctx, tx, gameID)
		if err != nil {
			return err
		}
		err = s.settleTx(ctx, tx, g, 0, Settlement{Moves: refunds, Status: StatusCancelled})
		if errors.Is(err, ErrAlreadySettled) {
			return nil
		}
		if err != nil {
			return err
		}
		now := s.now()
		if _, err := tx.ExecContext(ctx, `INSERT INTO game_closures (game_id, closed_by, reason, closed_at)
			VALUES (?, ?, ?, ?)`, gameID, c.By, c.Reason, now); err != nil {
			return fmt.Errorf("store: record closure: %w", err)
		}
		g.status = StatusCancelled
		abandoned = true
		return touchGame(ctx, tx, g, now)
	})
	return abandoned, err
}

// potRefunds returns a refund for every player who has paid more into the game's pot
// than they have taken out of it.
func potRefunds(ctx context.Context, tx *sql.Tx, gameID string) ([]ChipMove, error) {
	rows, err := tx.QueryContext(ctx, `SELECT user_id, -net FROM game_nets
		WHERE game_id = ? AND net < 0 ORDER BY user_id`, gameID)
	if err != nil {
		return nil, fmt.Errorf("store: pot refunds: %w", err)
	}
	defer rows.Close()
	var out []ChipMove
	for rows.Next() {
		m := ChipMove{Reason: ReasonRefund}
		if err := rows.Scan(&m.User, &m.Amount); err != nil {
			return nil, fmt.Errorf("store: pot refunds: %w", err)
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// GameClosure returns why and by whom an abandoned game was closed; ErrNotFound when the
// game was not abandoned.
func (s *Store) GameClosure(ctx context.Context, gameID string) (Closure, error) {
	var c Closure
	var at int64
	err := s.readTx(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, `SELECT closed_by, reason, closed_at FROM game_closures WHERE game_id = ?`,
			gameID).Scan(&c.By, &c.Reason, &at)
	})
	if errors.Is(err, sql.ErrNoRows) {
		return Closure{}, fmt.Errorf("store: closure of game %s: %w", gameID, ErrNotFound)
	}
	if err != nil {
		return Closure{}, fmt.Errorf("store: closure of game %s: %w", gameID, err)
	}
	c.At = msTime(at)
	return c, nil
}
