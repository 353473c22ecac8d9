package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Settlement is the end of a game: its last chip movements and results. Settling is
// keyed by game ID, so a game is paid at most once however often settlement is tried.
type Settlement struct {
	// Moves are the final movements (stakes into the pot, payouts and refunds out of it).
	// After them, everything the game still holds in escrow is released, and the pot must
	// be empty: chips only move between players, they are never destroyed.
	Moves []ChipMove
	// Status is the game's closing status: StatusFinished (the default) or StatusCancelled.
	Status Status
	// Laro holds a Laro game's per-player results for LaroStats (human seats only).
	Laro []LaroResult
	// LausLosers are the seats that lost a Laus match (ties lose together); the match's
	// result is taken from its last recorded round.
	LausLosers []int
}

// Settle settles a game outside an action (e.g. a lobby cancelled with refunds). It
// reports whether it settled the game now; false with a nil error means the game had
// been settled before and nothing changed. Prefer ActionRecord.Settle when a final action
// exists, so the action and the payouts commit together.
func (s *Store) Settle(ctx context.Context, gameID string, st Settlement) (bool, error) {
	settled := false
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		g, err := loadGameChips(ctx, tx, gameID)
		if err != nil {
			return err
		}
		err = s.settleTx(ctx, tx, g, 0, st)
		if errors.Is(err, ErrAlreadySettled) {
			return nil
		}
		if err != nil {
			return err
		}
		status := st.Status
		if status == StatusNone {
			status = StatusFinished
		}
		if !status.Closed() {
			return fmt.Errorf("%w: settlement status %s", ErrInvalid, status)
		}
		if err := checkStatus(g.status, status); err != nil {
			return fmt.Errorf("store: settle game %s: %w", gameID, err)
		}
		g.status = status
		settled = true
		return touchGame(ctx, tx, g, s.now())
	})
	return settled, err
}

// Settled reports whether the game has been settled.
func (s *Store) Settled(ctx context.Context, gameID string) (bool, error) {
	var n int
	err := s.readTx(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM settlements WHERE game_id = ?`, gameID).Scan(&n)
	})
	return n > 0, err
}

// settleTx records the settlement; the settlements primary key makes a second one fail
// with ErrAlreadySettled before any chip moves.
func (s *Store) settleTx(ctx context.Context, tx *sql.Tx, g *gameChips, seq int64, st Settlement) error {
	var seqArg any
	if seq > 0 {
		seqArg = seq
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO settlements (game_id, action_seq, settled_at) VALUES (?, ?, ?)
		ON CONFLICT (game_id) DO NOTHING`, g.id, seqArg, s.now())
	if err != nil {
		return fmt.Errorf("store: settle: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return fmt.Errorf("store: game %s: %w", g.id, ErrAlreadySettled)
	}
	for _, m := range st.Moves {
		if err := s.applyMove(ctx, tx, g, seq, m); err != nil {
			return err
		}
	}
	if err := s.closeChips(ctx, tx, g, seq); err != nil {
		return err
	}
	if err := s.recordLaroResults(ctx, tx, g, st.Laro); err != nil {
		return err
	}
	if len(st.LausLosers) > 0 {
		if err := recordLausResult(ctx, tx, g, st.LausLosers); err != nil {
			return err
		}
	}
	return nil
}

// closeChips runs whenever a game closes (settled or not): it releases every hold the
// game still has and refuses to close while chips remain in the pot, so that no chip is
// ever stuck in a closed game.
func (s *Store) closeChips(ctx context.Context, tx *sql.Tx, g *gameChips, seq int64) error {
	if err := s.releaseAll(ctx, tx, g, seq); err != nil {
		return err
	}
	var pot int64
	if err := tx.QueryRowContext(ctx, `SELECT pot FROM games WHERE id = ?`, g.id).Scan(&pot); err != nil {
		return fmt.Errorf("store: close game: %w", err)
	}
	if pot != 0 {
		return fmt.Errorf("store: game %s: %w (%d chips)", g.id, ErrPotNotEmpty, pot)
	}
	return nil
}

// releaseAll releases every hold the game still has: what a player did not lose goes
// back to their free balance when the game ends.
func (s *Store) releaseAll(ctx context.Context, tx *sql.Tx, g *gameChips, seq int64) error {
	rows, err := tx.QueryContext(ctx, `SELECT user_id FROM escrow WHERE game_id = ? AND guild = ? ORDER BY user_id`,
		g.id, g.guild)
	if err != nil {
		return fmt.Errorf("store: release escrow: %w", err)
	}
	var users []string
	for rows.Next() {
		var u string
		if err := rows.Scan(&u); err != nil {
			rows.Close()
			return fmt.Errorf("store: release escrow: %w", err)
		}
		users = append(users, u)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: release escrow: %w", err)
	}
	for _, u := range users {
		if err := s.applyMove(ctx, tx, g, seq, ChipMove{User: u, Reason: ReasonEscrowRelease}); err != nil {
			return err
		}
	}
	return nil
}
