package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// GameThread is the thread a game is played in: started from Lobby, a message in
// the game's channel, which shows the game's result once it is over.
type GameThread struct {
	GameID   string
	ThreadID string
	LobbyID  string
}

// SetGameThread records the thread a game is played in, replacing any earlier one.
// ErrNotFound if there is no such game.
func (s *Store) SetGameThread(ctx context.Context, t GameThread) error {
	if t.GameID == "" || t.ThreadID == "" {
		return fmt.Errorf("%w: a game thread needs a game and a thread", ErrInvalid)
	}
	return s.writeTx(ctx, func(tx *sql.Tx) error {
		if _, err := loadGame(ctx, tx, t.GameID); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO game_threads (game_id, thread_id, lobby_id, created_at)
			VALUES (?, ?, ?, ?)
			ON CONFLICT (game_id) DO UPDATE SET thread_id = excluded.thread_id, lobby_id = excluded.lobby_id`,
			t.GameID, t.ThreadID, t.LobbyID, s.now())
		if err != nil {
			return fmt.Errorf("store: set game thread: %w", err)
		}
		return nil
	})
}

// GameThread returns the thread a game is played in; ErrNotFound if it is played
// in its channel.
func (s *Store) GameThread(ctx context.Context, gameID string) (GameThread, error) {
	t := GameThread{GameID: gameID}
	err := s.readTx(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, `SELECT thread_id, lobby_id FROM game_threads WHERE game_id = ?`, gameID).
			Scan(&t.ThreadID, &t.LobbyID)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("store: thread of game %s: %w", gameID, ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("store: game thread: %w", err)
		}
		return nil
	})
	if err != nil {
		return GameThread{}, err
	}
	return t, nil
}
