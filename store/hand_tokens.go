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

// QueueHandToken records (or replaces) a player's hand token for a game, without
// waiting: the token is written with the writer's next batch of actions, within
// handTokenWait when no action comes, and at the latest by Close. A newer token for the same player replaces one
// still queued.
//
// Tokens are queued rather than committed on the spot because every click on a hand
// brings a new one: a commit of its own per click (each waiting for the disk) took a
// tenth of the bot's CPU at 500 clicks a second and kept the table waiting. Losing the
// newest token in a crash costs little: an older one of the same hand message still
// edits it while it lives, and "My hand" opens a new one.
func (s *Store) QueueHandToken(gameID string, h HandToken) {
	s.tokensMu.Lock()
	s.tokens[handTokenKey{gameID, h.User}] = h
	s.tokensMu.Unlock()
	select {
	case s.laneOf(gameID).tokensQueued <- struct{}{}:
	default:
	}
}

// SaveHandToken records (or replaces) a player's hand token for a game and returns once
// it is committed, with the writer's next batch. It is for a token of a new hand
// message: if that one were lost in a crash, the table would go on editing the
// player's previous hand message, which they no longer look at.
func (s *Store) SaveHandToken(ctx context.Context, gameID string, h HandToken) error {
	s.QueueHandToken(gameID, h)
	// The flush names the game so that it goes to the lane that writes the game's tokens.
	return s.submit(ctx, &appendReq{ctx: ctx, rec: ActionRecord{GameID: gameID}, flush: true, done: make(chan error, 1)})
}

// handTokenWait is how long a queued hand token waits for a batch of actions to ride
// with before it is committed alone.
const handTokenWait = 20 * time.Millisecond

// handTokenKey names a player's hand in one game.
type handTokenKey struct{ game, user string }

// takeHandTokens takes the queued tokens of l's games: each lane writes the tokens of the
// games whose actions it commits, so that a token queued before an action is stored
// when the action is.
func (s *Store) takeHandTokens(l *lane) map[handTokenKey]HandToken {
	s.tokensMu.Lock()
	defer s.tokensMu.Unlock()
	if len(s.lanes) == 1 {
		t := s.tokens
		s.tokens = map[handTokenKey]HandToken{}
		return t
	}
	t := map[handTokenKey]HandToken{}
	for k, h := range s.tokens {
		if s.laneOf(k.game) == l {
			t[k] = h
			delete(s.tokens, k)
		}
	}
	return t
}

// requeueHandTokens puts back tokens whose commit failed, unless newer ones came since.
func (s *Store) requeueHandTokens(tokens map[handTokenKey]HandToken) {
	s.tokensMu.Lock()
	defer s.tokensMu.Unlock()
	for k, h := range tokens {
		if _, newer := s.tokens[k]; !newer {
			s.tokens[k] = h
		}
	}
}

// writeHandTokens stores tokens inside the batch transaction tx. A token that cannot be
// stored (its game is unknown) is skipped, which is why the error is dropped: SQLite
// undoes only that statement, and the batch's actions are unaffected. A failure of the
// disk fails the commit, which puts the tokens back in the queue.
func writeHandTokens(ctx context.Context, tx *sql.Tx, tokens map[handTokenKey]HandToken) {
	for k, h := range tokens {
		_, _ = tx.ExecContext(ctx, `INSERT INTO hand_tokens (game_id, user_id, app_id, interaction_id, token, opened_at)
			VALUES (?, ?, ?, ?, ?, ?)
			ON CONFLICT (game_id, user_id) DO UPDATE SET app_id = excluded.app_id,
				interaction_id = excluded.interaction_id, token = excluded.token, opened_at = excluded.opened_at`,
			k.game, k.user, h.AppID, h.InteractionID, h.Token, h.OpenedAt.UnixMilli())
	}
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
