package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Hold moves amount of the player's free chips into escrow for the game, so that they
// cannot be staked elsewhere while the game runs. It fails with an *InsufficientChipsError
// (errors.Is ErrInsufficientChips) carrying the missing chips if the free balance is short.
// The game must exist and belong to guild.
//
// Holds that are part of a game action belong in AppendAction's moves instead, so that
// they commit with the action.
func (s *Store) Hold(ctx context.Context, guild, user, gameID string, amount int64) error {
	if amount <= 0 {
		return fmt.Errorf("%w: hold of %d chips", ErrInvalid, amount)
	}
	return s.escrowMove(ctx, guild, gameID, ChipMove{User: user, Reason: ReasonEscrowHold, Amount: amount})
}

// Release returns to the player's free balance everything the game still holds of them.
// Releasing when nothing is held is not an error.
func (s *Store) Release(ctx context.Context, guild, user, gameID string) error {
	return s.escrowMove(ctx, guild, gameID, ChipMove{User: user, Reason: ReasonEscrowRelease})
}

// Held returns what the game currently holds in escrow of the player.
func (s *Store) Held(ctx context.Context, guild, user, gameID string) (int64, error) {
	var amt int64
	err := s.readTx(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, `SELECT amount FROM escrow WHERE game_id = ? AND guild = ? AND user_id = ?`,
			gameID, guild, user).Scan(&amt)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("store: read escrow: %w", err)
		}
		return nil
	})
	return amt, err
}

func (s *Store) escrowMove(ctx context.Context, guild, gameID string, m ChipMove) error {
	return s.writeTx(ctx, func(tx *sql.Tx) error {
		g, err := loadGameChips(ctx, tx, gameID)
		if err != nil {
			return err
		}
		if g.guild != guild {
			// Reported as not found: a guild must not learn about another's games.
			return fmt.Errorf("store: game %s in guild %s: %w", gameID, guild, ErrNotFound)
		}
		if m.Reason == ReasonEscrowHold && g.status.Closed() {
			return fmt.Errorf("store: hold for game %s: %w", gameID, ErrGameClosed)
		}
		if err := s.applyMove(ctx, tx, g, 0, m); err != nil {
			return err
		}
		return touchGame(ctx, tx, g, s.now())
	})
}
