package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
)

// batchGames is what a batch's appends need of their games (guild, status, last seq),
// read with one query for the whole batch instead of one per action: at a hundred
// actions a commit, the per-action reads were a tenth of the writer's time.
//
// An append changes its game's status and last seq as it goes, so the batch keeps the
// state up to date: an action runs on a copy, which replaces the entry only once the
// action has succeeded. A failed action leaves its game as it was, which is what the
// database holds after its savepoint is rolled back.
type batchGames map[string]gameChips

// loadBatchGames reads the games of every action in the batch. A game it does not find
// is left out; its append then reads it itself and fails with ErrNotFound.
func (s *Store) loadBatchGames(ctx context.Context, tx *sql.Tx, batch []*appendReq) (batchGames, error) {
	ids := make([]string, 0, len(batch))
	for _, r := range batch {
		if !r.flush {
			ids = append(ids, r.rec.GameID)
		}
	}
	if len(ids) == 0 {
		return batchGames{}, nil // hand tokens alone: no game to read
	}
	list, err := json.Marshal(ids)
	if err != nil {
		return nil, fmt.Errorf("store: encode game ids: %w", err)
	}
	// One fixed statement whatever the batch's size, so that it stays prepared.
	//
	// On PostgreSQL, where other processes may append to the same games, the rows are
	// locked until the commit (in id order, so that two batches cannot deadlock on
	// them): the last_seq read here stays true while the batch appends.
	rows, err := tx.QueryContext(ctx, s.dialect.pick(`SELECT id, guild, status, last_seq FROM games
		WHERE id IN (SELECT value FROM json_each(?))`, `SELECT id, guild, status, last_seq FROM games
		WHERE id IN (SELECT json_array_elements_text(CAST(? AS json))) ORDER BY id FOR UPDATE`), string(list))
	if err != nil {
		return nil, fmt.Errorf("store: load the batch's games: %w", err)
	}
	defer rows.Close()
	games := make(batchGames, len(batch))
	for rows.Next() {
		var g gameChips
		var status string
		if err := rows.Scan(&g.id, &g.guild, &status, &g.lastSeq); err != nil {
			return nil, fmt.Errorf("store: load the batch's games: %w", err)
		}
		if g.status, err = parseEnum[Status](statusNames[:], status); err != nil {
			return nil, err
		}
		games[g.id] = g
	}
	return games, rows.Err()
}

// append runs one action on a copy of its game's state and keeps the copy if the action
// succeeded.
func (bg batchGames) append(ctx context.Context, s *Store, tx *sql.Tx, r *appendReq) error {
	var g *gameChips
	if known, ok := bg[r.rec.GameID]; ok {
		g = &known
	}
	if err := s.appendTx(ctx, tx, &r.rec, r.moves, g); err != nil {
		return err
	}
	if g != nil {
		bg[g.id] = *g
	}
	return nil
}
