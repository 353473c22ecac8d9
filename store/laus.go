package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// LausRound is one finished round of a Laus match.
type LausRound struct {
	GameID string
	// Round numbers the match's rounds 1, 2, 3, ...
	Round int
	// Multiplier is the round's factor (doubled per skat pass and per trickless player).
	Multiplier int
	Scores     []LausSeatScore
}

// LausSeatScore is one seat's round score with its breakdown.
type LausSeatScore struct {
	Seat     int
	User     string // empty for a computer seat
	Computer bool
	// CardPoints is the card points in the seat's pile.
	CardPoints int
	// QueenBonus is the queen bonuses the seat kept (0 when QDCancelled).
	QueenBonus int
	// QueensTaken counts the queens in the seat's pile.
	QueensTaken int
	// QDCancelled marks that taking Q♦ cancelled the seat's queen bonuses.
	QDCancelled bool
	Tricks      int
	// Slam marks a seat that took every trick (−120 × 2 per skat pass).
	Slam bool
	// Score is the round score after the multiplier; Total the match total after the round.
	Score int
	Total int
}

// LausBoard is a Laus match's scoreboard: every round with totals after it, and the
// losers once the match is over.
type LausBoard struct {
	Game   Game
	Rounds []LausRound
	// Losers are the losing seats; empty while the match is running.
	Losers []int
}

// LausPlayerStats is a player's all-time Laus record in one guild.
type LausPlayerStats struct {
	User string
	// Matches and Losses count finished matches.
	Matches int
	Losses  int
	Rounds  int
	// AvgRoundScore is the mean round score (lower is better in Laus).
	AvgRoundScore float64
	Slams         int
	QueensTaken   int
}

// RecordLausRound stores a finished round. Recording a round that is already stored
// changes nothing, so a replay after a restart can record again safely. Prefer
// ActionRecord.LausRound, which records it with the action that ended the round.
func (s *Store) RecordLausRound(ctx context.Context, r LausRound) error {
	return s.writeTx(ctx, func(tx *sql.Tx) error {
		g, err := loadGameChips(ctx, tx, r.GameID)
		if err != nil {
			return err
		}
		return s.recordLausRound(ctx, tx, g, r)
	})
}

func (s *Store) recordLausRound(ctx context.Context, tx *sql.Tx, g *gameChips, r LausRound) error {
	if r.GameID != "" && r.GameID != g.id {
		return fmt.Errorf("%w: round for game %s recorded with game %s", ErrInvalid, r.GameID, g.id)
	}
	if r.Round < 1 || len(r.Scores) == 0 {
		return fmt.Errorf("%w: laus round %d with %d scores", ErrInvalid, r.Round, len(r.Scores))
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO laus_rounds (game_id, round, multiplier, created_at)
		VALUES (?, ?, ?, ?) ON CONFLICT (game_id, round) DO NOTHING`, g.id, r.Round, r.Multiplier, s.now())
	if err != nil {
		return fmt.Errorf("store: record laus round: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return nil // stored before: recording is idempotent
	}
	for _, sc := range r.Scores {
		if _, err := tx.ExecContext(ctx, `INSERT INTO laus_round_scores
			(game_id, round, seat, guild, user_id, computer, card_points, queen_bonus, queens_taken,
			 qd_cancelled, tricks, slam, score, total)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			g.id, r.Round, sc.Seat, g.guild, sc.User, boolInt(sc.Computer), sc.CardPoints, sc.QueenBonus,
			sc.QueensTaken, boolInt(sc.QDCancelled), sc.Tricks, boolInt(sc.Slam), sc.Score, sc.Total); err != nil {
			return fmt.Errorf("store: record laus score: %w", err)
		}
	}
	return nil
}

// recordLausResult stores the finished match's totals (from its last round) and losers.
func recordLausResult(ctx context.Context, tx *sql.Tx, g *gameChips, losers []int) error {
	res, err := tx.ExecContext(ctx, `INSERT INTO laus_results (game_id, seat, guild, user_id, computer, total, lost)
		SELECT game_id, seat, guild, user_id, computer, total, 0 FROM laus_round_scores
		WHERE game_id = ? AND round = (SELECT MAX(round) FROM laus_rounds WHERE game_id = ?)`, g.id, g.id)
	if err != nil {
		return fmt.Errorf("store: laus result: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return fmt.Errorf("%w: laus match %s has no recorded rounds", ErrInvalid, g.id)
	}
	for _, seat := range losers {
		res, err := tx.ExecContext(ctx, `UPDATE laus_results SET lost = 1 WHERE game_id = ? AND seat = ?`, g.id, seat)
		if err != nil {
			return fmt.Errorf("store: laus result: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return fmt.Errorf("%w: laus match %s has no seat %d", ErrInvalid, g.id, seat)
		}
	}
	return nil
}

// LausScoreboard returns the scoreboard of the channel's latest Laus match with a
// finished round, a running one first: a lobby just opened, or a match whose first round
// is still being played, does not hide the match played there before. A channel with no
// finished round at all gets its current (or latest) match; ErrNotFound if it never had
// one.
func (s *Store) LausScoreboard(ctx context.Context, guild, channel string) (LausBoard, error) {
	var b LausBoard
	err := s.readTx(ctx, func(tx *sql.Tx) error {
		var id string
		err := tx.QueryRowContext(ctx, `SELECT id FROM games WHERE guild = ? AND channel = ? AND kind = 'laus'
			ORDER BY EXISTS (SELECT 1 FROM laus_rounds r WHERE r.game_id = games.id) DESC,
				status IN ('lobby', 'playing') DESC, created_at DESC, rowid DESC LIMIT 1`,
			guild, channel).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("store: laus match in channel %s: %w", channel, ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("store: laus scoreboard: %w", err)
		}
		if b.Game, err = loadGame(ctx, tx, id); err != nil {
			return err
		}
		if b.Rounds, err = loadLausRounds(ctx, tx, id); err != nil {
			return err
		}
		b.Losers, err = loadLausLosers(ctx, tx, id)
		return err
	})
	return b, err
}

func loadLausRounds(ctx context.Context, tx *sql.Tx, id string) ([]LausRound, error) {
	rows, err := tx.QueryContext(ctx, `SELECT r.round, r.multiplier, s.seat, s.user_id, s.computer,
			s.card_points, s.queen_bonus, s.queens_taken, s.qd_cancelled, s.tricks, s.slam, s.score, s.total
		FROM laus_rounds r JOIN laus_round_scores s ON s.game_id = r.game_id AND s.round = r.round
		WHERE r.game_id = ? ORDER BY r.round, s.seat`, id)
	if err != nil {
		return nil, fmt.Errorf("store: laus rounds: %w", err)
	}
	defer rows.Close()
	var out []LausRound
	for rows.Next() {
		var round, mult int
		var sc LausSeatScore
		if err := rows.Scan(&round, &mult, &sc.Seat, &sc.User, &sc.Computer, &sc.CardPoints, &sc.QueenBonus,
			&sc.QueensTaken, &sc.QDCancelled, &sc.Tricks, &sc.Slam, &sc.Score, &sc.Total); err != nil {
			return nil, fmt.Errorf("store: laus rounds: %w", err)
		}
		if len(out) == 0 || out[len(out)-1].Round != round {
			out = append(out, LausRound{GameID: id, Round: round, Multiplier: mult})
		}
		last := &out[len(out)-1]
		last.Scores = append(last.Scores, sc)
	}
	return out, rows.Err()
}

func loadLausLosers(ctx context.Context, tx *sql.Tx, id string) ([]int, error) {
	rows, err := tx.QueryContext(ctx, `SELECT seat FROM laus_results WHERE game_id = ? AND lost = 1 ORDER BY seat`, id)
	if err != nil {
		return nil, fmt.Errorf("store: laus losers: %w", err)
	}
	defer rows.Close()
	var out []int
	for rows.Next() {
		var seat int
		if err := rows.Scan(&seat); err != nil {
			return nil, fmt.Errorf("store: laus losers: %w", err)
		}
		out = append(out, seat)
	}
	return out, rows.Err()
}

// LausTable returns the guild's all-time Laus table over human players, best first:
// lowest average round score, then most rounds played.
func (s *Store) LausTable(ctx context.Context, guild string) ([]LausPlayerStats, error) {
	var out []LausPlayerStats
	err := s.readTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `
			WITH r AS (
				SELECT user_id, COUNT(*) AS rounds, AVG(score) AS avg_score, SUM(slam) AS slams,
				       SUM(queens_taken) AS queens
				FROM laus_round_scores WHERE guild = ? AND computer = 0 GROUP BY user_id),
			m AS (
				SELECT user_id, COUNT(*) AS matches, SUM(lost) AS losses
				FROM laus_results WHERE guild = ? AND computer = 0 GROUP BY user_id)
			SELECT r.user_id, COALESCE(m.matches, 0), COALESCE(m.losses, 0), r.rounds, r.avg_score,
			       r.slams, r.queens
			FROM r LEFT JOIN m ON m.user_id = r.user_id
			ORDER BY r.avg_score, r.rounds DESC, r.user_id`, guild, guild)
		if err != nil {
			return fmt.Errorf("store: laus table: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var p LausPlayerStats
			if err := rows.Scan(&p.User, &p.Matches, &p.Losses, &p.Rounds, &p.AvgRoundScore,
				&p.Slams, &p.QueensTaken); err != nil {
				return fmt.Errorf("store: laus table: %w", err)
			}
			out = append(out, p)
		}
		return rows.Err()
	})
	return out, err
}

// boolInt stores a flag as the schema's 0 or 1: SQLite's driver converts a bool itself,
// PostgreSQL refuses one for an integer column.
func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
