package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// LaroResult is one human player's result in a settled Laro game.
type LaroResult struct {
	User string
	Won  bool
	// Points is the winning hand's points (0 for the other players).
	Points int
}

// LaroStats is a player's all-time Laro record in one guild.
type LaroStats struct {
	User        string
	Games       int
	Wins        int
	Points      int
	BiggestHand int
	// ChipsWon and ChipsLost add up each game's net result for the player (payouts and
	// refunds minus antes and stakes): a game won adds to ChipsWon, a game lost to ChipsLost.
	ChipsWon  int64
	ChipsLost int64
}

// LaroStats returns the player's Laro record in the guild; a player who has not finished
// a game has zero stats (not an error).
func (s *Store) LaroStats(ctx context.Context, guild, user string) (LaroStats, error) {
	st := LaroStats{User: user}
	err := s.readTx(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, `SELECT games, wins, points, biggest_hand, chips_won, chips_lost
			FROM laro_stats WHERE guild = ? AND user_id = ?`, guild, user).
			Scan(&st.Games, &st.Wins, &st.Points, &st.BiggestHand, &st.ChipsWon, &st.ChipsLost)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("store: laro stats: %w", err)
		}
		return nil
	})
	return st, err
}

// recordLaroResults adds a settled game to its players' stats. It runs inside the
// settlement, whose primary key guarantees each game counts once. Chips are taken from
// the game's ledger rows (summed in game_nets), so the stats agree with the balances.
func (s *Store) recordLaroResults(ctx context.Context, tx *sql.Tx, g *gameChips, results []LaroResult) error {
	for _, r := range results {
		if r.User == "" {
			return fmt.Errorf("%w: laro result without a user", ErrInvalid)
		}
		var net int64
		if err := tx.QueryRowContext(ctx, `SELECT COALESCE(SUM(net), 0) FROM game_nets
			WHERE game_id = ? AND user_id = ? AND guild = ?`, g.id, r.User, g.guild).Scan(&net); err != nil {
			return fmt.Errorf("store: laro stats: %w", err)
		}
		won, lost, win := max(net, 0), max(-net, 0), 0
		if r.Won {
			win = 1
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO laro_stats
			(guild, user_id, games, wins, points, biggest_hand, chips_won, chips_lost)
			VALUES (?, ?, 1, ?, ?, ?, ?, ?)
			ON CONFLICT (guild, user_id) DO UPDATE SET
				games = laro_stats.games + 1,
				wins = laro_stats.wins + excluded.wins,
				points = laro_stats.points + excluded.points,
				biggest_hand = CASE WHEN excluded.biggest_hand > laro_stats.biggest_hand
					THEN excluded.biggest_hand ELSE laro_stats.biggest_hand END,
				chips_won = laro_stats.chips_won + excluded.chips_won,
				chips_lost = laro_stats.chips_lost + excluded.chips_lost`,
			g.guild, r.User, win, r.Points, r.Points, won, lost); err != nil {
			return fmt.Errorf("store: laro stats: %w", err)
		}
	}
	return nil
}
