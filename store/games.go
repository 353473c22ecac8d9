package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
)

// CreateGame stores a new game. An empty ID gets a fresh random one, an unset status
// becomes lobby; the stored game is returned.
func (s *Store) CreateGame(ctx context.Context, g Game) (Game, error) {
	if g.ID == "" {
		g.ID = newID()
	}
	if g.Status == StatusNone {
		g.Status = StatusLobby
	}
	if !ValidKind(g.Kind) {
		return Game{}, fmt.Errorf("%w: game kind %s", ErrInvalid, g.Kind)
	}
	if g.Guild == "" || g.Channel == "" {
		return Game{}, fmt.Errorf("%w: game needs a guild and a channel", ErrInvalid)
	}
	if len(g.Settings) == 0 {
		g.Settings = json.RawMessage("{}")
	}
	seats, err := json.Marshal(nonNil(g.Seats))
	if err != nil {
		return Game{}, fmt.Errorf("store: encode seats: %w", err)
	}
	now := s.Now()
	g.CreatedAt, g.UpdatedAt = msTime(now.UnixMilli()), msTime(now.UnixMilli())
	g.LastSeq, g.Pot = 0, 0
	err = s.writeTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO games
			(id, table_id, kind, guild, channel, host, message_id, settings, seed, seats, status,
			 deadline, deadline_kind, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			g.ID, g.TableID, g.Kind.String(), g.Guild, g.Channel, g.Host, g.MessageID,
			string(g.Settings), g.Seed, string(seats), g.Status.String(),
			deadlineAt(g.Deadline), g.Deadline.Kind, now.UnixMilli(), now.UnixMilli())
		if err != nil {
			return fmt.Errorf("store: create game: %w", err)
		}
		return nil
	})
	if err != nil {
		return Game{}, err
	}
	return g, nil
}

// Game returns the game with the given ID, or ErrNotFound.
func (s *Store) Game(ctx context.Context, id string) (Game, error) {
	var g Game
	err := s.readTx(ctx, func(tx *sql.Tx) error {
		var err error
		g, err = loadGame(ctx, tx, id)
		return err
	})
	return g, err
}

// LoadGame returns the game and its actions in seq order, from one snapshot: what the
// table replays after a restart.
func (s *Store) LoadGame(ctx context.Context, id string) (Game, []ActionRecord, error) {
	var g Game
	var acts []ActionRecord
	err := s.readTx(ctx, func(tx *sql.Tx) error {
		var err error
		if g, err = loadGame(ctx, tx, id); err != nil {
			return err
		}
		acts, err = loadActions(ctx, tx, id)
		return err
	})
	return g, acts, err
}

// LiveGames returns every game in lobby or playing state, oldest first: the tables to
// rebuild after a restart.
func (s *Store) LiveGames(ctx context.Context) ([]Game, error) {
	var out []Game
	err := s.readTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT `+gameCols+` FROM games
			WHERE status IN ('lobby', 'playing') ORDER BY created_at, rowid`)
		if err != nil {
			return fmt.Errorf("store: live games: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			g, err := scanGame(rows)
			if err != nil {
				return err
			}
			out = append(out, g)
		}
		return rows.Err()
	})
	return out, err
}

// UpdateGame changes the game's message ID, status, deadline, seats or settings, and
// returns the updated game. A closed game cannot be reopened. Closing a game releases
// everything it holds in escrow, and fails with ErrPotNotEmpty while its pot holds chips
// (settle it instead).
func (s *Store) UpdateGame(ctx context.Context, id string, u GameUpdate) (Game, error) {
	var g Game
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		var err error
		if g, err = loadGame(ctx, tx, id); err != nil {
			return err
		}
		if u.MessageID != nil {
			g.MessageID = *u.MessageID
		}
		if u.Status != nil {
			if err := checkStatus(g.Status, *u.Status); err != nil {
				return fmt.Errorf("store: game %s: %w", id, err)
			}
			if u.Status.Closed() && !g.Status.Closed() {
				gc := &gameChips{id: g.ID, guild: g.Guild, status: g.Status, lastSeq: g.LastSeq}
				if err := s.closeChips(ctx, tx, gc, 0); err != nil {
					return err
				}
			}
			g.Status = *u.Status
		}
		if u.Deadline != nil {
			g.Deadline = *u.Deadline
		}
		if u.Seats != nil {
			g.Seats = u.Seats
		}
		if u.Settings != nil {
			g.Settings = u.Settings
		}
		seats, err := json.Marshal(nonNil(g.Seats))
		if err != nil {
			return fmt.Errorf("store: encode seats: %w", err)
		}
		now := s.now()
		g.UpdatedAt = msTime(now)
		if _, err := tx.ExecContext(ctx, `UPDATE games SET message_id = ?, status = ?, deadline = ?,
			deadline_kind = ?, seats = ?, settings = ?, updated_at = ? WHERE id = ?`,
			g.MessageID, g.Status.String(), deadlineAt(g.Deadline), g.Deadline.Kind,
			string(seats), string(g.Settings), now, id); err != nil {
			return fmt.Errorf("store: update game: %w", err)
		}
		return nil
	})
	return g, err
}

// checkStatus refuses unknown statuses and reopening a closed game, whose chips have
// been settled.
func checkStatus(from, to Status) error {
	if to < StatusLobby || to > StatusCancelled {
		return fmt.Errorf("%w: status %s", ErrInvalid, to)
	}
	if from.Closed() && to != from {
		return fmt.Errorf("%w (status %s)", ErrGameClosed, from)
	}
	return nil
}

// appendTx appends one action and everything it causes; it runs inside a batch
// transaction, under a savepoint that is rolled back if it fails. g is the game as the
// batch knows it, updated here as the action changes it, or nil to read it.
func (s *Store) appendTx(ctx context.Context, tx *sql.Tx, a *ActionRecord, moves []ChipMove, g *gameChips) error {
	if g == nil {
		var err error
		if g, err = loadGameChips(ctx, tx, a.GameID); err != nil {
			return err
		}
	}
	if g.status.Closed() {
		return fmt.Errorf("store: append to game %s: %w", g.id, ErrGameClosed)
	}
	if a.Seq != g.lastSeq+1 {
		return fmt.Errorf("store: game %s action seq %d, next is %d: %w", g.id, a.Seq, g.lastSeq+1, ErrSeqConflict)
	}
	now := s.now()
	if _, err := tx.ExecContext(ctx, `INSERT INTO actions (game_id, seq, data, at, created_at) VALUES (?, ?, ?, ?, ?)`,
		g.id, a.Seq, string(a.Data), a.At.UnixMilli(), now); err != nil {
		if isUniqueViolation(err) {
			// Another process appended this seq since the game was read.
			return fmt.Errorf("store: game %s action seq %d was appended already: %w", g.id, a.Seq, ErrSeqConflict)
		}
		return fmt.Errorf("store: append action: %w", err)
	}
	g.lastSeq = a.Seq
	for _, m := range moves {
		if err := s.applyMove(ctx, tx, g, a.Seq, m); err != nil {
			return err
		}
	}
	if a.LausRound != nil {
		if err := s.recordLausRound(ctx, tx, g, *a.LausRound); err != nil {
			return err
		}
	}
	if a.Announce != nil {
		if err := s.insertAnnouncement(ctx, tx, g, a.Seq, *a.Announce); err != nil {
			return err
		}
	}
	newStatus := a.Status
	if a.Settle != nil {
		if newStatus == StatusNone {
			newStatus = StatusFinished
		}
		if !newStatus.Closed() {
			return fmt.Errorf("%w: settling action leaves game %s %s", ErrInvalid, g.id, newStatus)
		}
		if err := s.settleTx(ctx, tx, g, a.Seq, *a.Settle); err != nil {
			return err
		}
	}
	if newStatus != StatusNone {
		if err := checkStatus(g.status, newStatus); err != nil {
			return err
		}
		if newStatus.Closed() && a.Settle == nil {
			// Settlement did this already.
			if err := s.closeChips(ctx, tx, g, a.Seq); err != nil {
				return err
			}
		}
		g.status = newStatus
	}
	var err2 error
	if a.Deadline != nil {
		_, err2 = tx.ExecContext(ctx, `UPDATE games SET last_seq = ?, status = ?, deadline = ?,
			deadline_kind = ?, updated_at = ? WHERE id = ?`,
			g.lastSeq, g.status.String(), deadlineAt(*a.Deadline), a.Deadline.Kind, now, g.id)
	} else {
		_, err2 = tx.ExecContext(ctx, `UPDATE games SET last_seq = ?, status = ?, updated_at = ? WHERE id = ?`,
			g.lastSeq, g.status.String(), now, g.id)
	}
	if err2 != nil {
		return fmt.Errorf("store: update game: %w", err2)
	}
	return nil
}

// Actions returns the game's actions with seq greater than after, in order.
func (s *Store) Actions(ctx context.Context, gameID string, after int64) ([]ActionRecord, error) {
	var out []ActionRecord
	err := s.readTx(ctx, func(tx *sql.Tx) error {
		if _, err := loadGame(ctx, tx, gameID); err != nil {
			return err
		}
		var err error
		out, err = loadActionsAfter(ctx, tx, gameID, after)
		return err
	})
	return out, err
}

func loadActions(ctx context.Context, tx *sql.Tx, id string) ([]ActionRecord, error) {
	return loadActionsAfter(ctx, tx, id, 0)
}

func loadActionsAfter(ctx context.Context, tx *sql.Tx, id string, after int64) ([]ActionRecord, error) {
	rows, err := tx.QueryContext(ctx, `SELECT seq, data, at, created_at FROM actions
		WHERE game_id = ? AND seq > ? ORDER BY seq`, id, after)
	if err != nil {
		return nil, fmt.Errorf("store: load actions: %w", err)
	}
	defer rows.Close()
	var out []ActionRecord
	for rows.Next() {
		a := ActionRecord{GameID: id}
		var data string
		var at, created int64
		if err := rows.Scan(&a.Seq, &data, &at, &created); err != nil {
			return nil, fmt.Errorf("store: load actions: %w", err)
		}
		a.Data, a.At, a.CreatedAt = []byte(data), msTime(at), msTime(created)
		out = append(out, a)
	}
	return out, rows.Err()
}

const gameCols = `id, table_id, kind, guild, channel, host, message_id, settings, seed, seats, status,
	last_seq, pot, deadline, deadline_kind, created_at, updated_at`

type scanner interface{ Scan(dest ...any) error }

func scanGame(r scanner) (Game, error) {
	var g Game
	var kind, status, settings, seats string
	var deadline sql.NullInt64
	var created, updated int64
	if err := r.Scan(&g.ID, &g.TableID, &kind, &g.Guild, &g.Channel, &g.Host, &g.MessageID,
		&settings, &g.Seed, &seats, &status, &g.LastSeq, &g.Pot, &deadline, &g.Deadline.Kind,
		&created, &updated); err != nil {
		return Game{}, err
	}
	var err error
	if g.Kind = Kind(kind); !ValidKind(g.Kind) {
		return Game{}, fmt.Errorf("store: unknown stored value %q", kind)
	}
	if g.Status, err = parseEnum[Status](statusNames[:], status); err != nil {
		return Game{}, err
	}
	if err := json.Unmarshal([]byte(seats), &g.Seats); err != nil {
		return Game{}, fmt.Errorf("store: game %s seats: %w", g.ID, err)
	}
	g.Settings = json.RawMessage(settings)
	if deadline.Valid {
		g.Deadline.At = msTime(deadline.Int64)
	}
	g.CreatedAt, g.UpdatedAt = msTime(created), msTime(updated)
	return g, nil
}

func loadGame(ctx context.Context, tx *sql.Tx, id string) (Game, error) {
	g, err := scanGame(tx.QueryRowContext(ctx, `SELECT `+gameCols+` FROM games WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Game{}, fmt.Errorf("store: game %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return Game{}, fmt.Errorf("store: load game %s: %w", id, err)
	}
	return g, nil
}

// loadGameChips reads only what the hot append path needs.
func loadGameChips(ctx context.Context, tx *sql.Tx, id string) (*gameChips, error) {
	g := &gameChips{id: id}
	var status string
	err := tx.QueryRowContext(ctx, `SELECT guild, status, last_seq FROM games WHERE id = ?`, id).
		Scan(&g.guild, &status, &g.lastSeq)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: game %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("store: load game %s: %w", id, err)
	}
	if g.status, err = parseEnum[Status](statusNames[:], status); err != nil {
		return nil, err
	}
	return g, nil
}

// touchGame writes back the status of a game changed outside AppendAction.
func touchGame(ctx context.Context, tx *sql.Tx, g *gameChips, now int64) error {
	if _, err := tx.ExecContext(ctx, `UPDATE games SET status = ?, updated_at = ? WHERE id = ?`,
		g.status.String(), now, g.id); err != nil {
		return fmt.Errorf("store: update game: %w", err)
	}
	return nil
}

func deadlineAt(d Deadline) any {
	if d.At.IsZero() {
		return nil
	}
	return d.At.UnixMilli()
}

func nonNil(seats []Seat) []Seat {
	if seats == nil {
		return []Seat{}
	}
	return seats
}

// newID returns a random game ID: 16 hex characters, short enough for custom_ids.
func newID() string {
	var b [8]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms
	return hex.EncodeToString(b[:])
}
