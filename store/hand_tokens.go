package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// HandToken is a player's latest interaction on their hand message in one
// game: the bot edits that message through the token while it lives.
type HandToken struct {
	User          string
	AppID         string
	InteractionID string
	Token         string
	OpenedAt      time.Time
}

// SaveHandToken records (or replaces) a player's hand token for a game.
func (s *Store) SaveHandToken(ctx context.Context, gameID string, h HandToken) error {
	return s.writeTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO hand_tokens (game_id, user_id, app_id, interaction_id, token, opened_at)
			VALUES (?, ?, ?, ?, ?, ?)
			ON CONFLICT (game_id, user_id) DO UPDATE SET app_id = excluded.app_id,
				interaction_id = excluded.interaction_id, token = excluded.token, opened_at = excluded.opened_at`,
			gameID, h.User, h.AppID, h.InteractionID, h.Token, h.OpenedAt.UnixMilli())
		if err != nil {
			return fmt.Errorf("store: save hand token: %w", err)
		}
		return nil
	})
}

// HandTokens returns a game's hand tokens opened after since (older ones
// can no longer edit anything).
func (s *Store) HandTokens(ctx context.Context, gameID string, since time.Time) ([]HandToken, error) {
	var out []HandToken
	err := s.readTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT user_id, app_id, interaction_id, token, opened_at FROM hand_tokens
			WHERE game_id = ? AND opened_at > ? ORDER BY user_id`, gameID, since.UnixMilli())
		if err != nil {
			return fmt.Errorf("store: hand tokens: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var h HandToken
			var at int64
			if err := rows.Scan(&h.User, &h.AppID, &h.InteractionID, &h.Token, &at); err != nil {
				return fmt.Errorf("store: hand tokens: %w", err)
			}
			h.OpenedAt = msTime(at)
			out = append(out, h)
		}
		return rows.Err()
	})
	return out, err
}
