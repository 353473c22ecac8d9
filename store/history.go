package store

import (
	"context"
	"database/sql"
	"fmt"
)

// HistoryQuery selects a player's finished games of one kind in one guild.
type HistoryQuery struct {
	Kind  Kind
	Guild string
	User  string
	// IDPrefix, if set, keeps only games whose ID starts with it (what a player has
	// typed so far into an autocompleted option). It is matched literally.
	IDPrefix string
	// Offset skips that many games; Limit caps the result (1..100).
	Offset, Limit int
}

// HistoryEntry is one finished game in a player's history, with the player's result.
type HistoryEntry struct {
	Game Game
	// Net is the player's chip result in the game: payouts and refunds minus antes and
	// stakes (0 for a game played for fun).
	Net int64
	// LausTotal and LausLost are the player's final match total and whether they lost;
	// LausRounds is how many rounds the match lasted. Zero for a Laro game.
	LausTotal  int
	LausLost   bool
	LausRounds int
}

// History returns the user's finished games matching q, newest first, and whether
// more follow after them. A user with no finished game gets an empty list.
func (s *Store) History(ctx context.Context, q HistoryQuery) ([]HistoryEntry, bool, error) {
	if !ValidKind(q.Kind) {
		return nil, false, fmt.Errorf("%w: history of kind %s", ErrInvalid, q.Kind)
	}
	if q.Limit < 1 || q.Limit > 100 || q.Offset < 0 {
		return nil, false, fmt.Errorf("%w: history limit %d offset %d", ErrInvalid, q.Limit, q.Offset)
	}
	var out []HistoryEntry
	more := false
	err := s.readTx(ctx, func(tx *sql.Tx) error {
		// The seats are JSON; json_each finds the player among them. The partial
		// index games_finished narrows the scan to the guild's finished games of
		// the kind, already in date order (PostgreSQL's planner finds it unaided).
		from, seated := `FROM games g INDEXED BY games_finished`,
			`EXISTS (SELECT 1 FROM json_each(g.seats) WHERE json_extract(value, '$.user') = ?)`
		if s.dialect == dialectPostgres {
			from, seated = `FROM games g`,
				`EXISTS (SELECT 1 FROM json_array_elements(g.seats::json) e WHERE e->>'user' = ?)`
		}
		rows, err := tx.QueryContext(ctx, `SELECT `+prefixCols("g.")+`,
				(SELECT COALESCE(SUM(n.net), 0) FROM game_nets n WHERE n.game_id = g.id AND n.user_id = ?),
				(SELECT COALESCE(MAX(r.total), 0) FROM laus_results r WHERE r.game_id = g.id AND r.user_id = ? AND r.computer = 0),
				(SELECT COALESCE(MAX(r.lost), 0) FROM laus_results r WHERE r.game_id = g.id AND r.user_id = ? AND r.computer = 0),
				(SELECT COALESCE(MAX(n.round), 0) FROM laus_rounds n WHERE n.game_id = g.id)
			`+from+`
			WHERE g.guild = ? AND g.kind = ? AND g.status = 'finished'
				AND substr(g.id, 1, length(CAST(? AS TEXT))) = ?
				AND `+seated+`
			ORDER BY g.created_at DESC, g.rowid DESC LIMIT ? OFFSET ?`,
			q.User, q.User, q.User, q.Guild, q.Kind.String(), q.IDPrefix, q.IDPrefix, q.User, q.Limit+1, q.Offset)
		if err != nil {
			return fmt.Errorf("store: history: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var e HistoryEntry
			var extra historyExtra
			g, err := scanGame(extra.wrap(rows, &e))
			if err != nil {
				return fmt.Errorf("store: history: %w", err)
			}
			e.Game = g
			if len(out) == q.Limit {
				more = true
				break
			}
			out = append(out, e)
		}
		return rows.Err()
	})
	return out, more, err
}

// historyExtra scans a game row followed by the history columns.
type historyExtra struct {
	rows *sql.Rows
	e    *HistoryEntry
}

func (h *historyExtra) wrap(rows *sql.Rows, e *HistoryEntry) scanner {
	h.rows, h.e = rows, e
	return h
}

// Scan reads the game's columns into dest and the history columns into the entry.
func (h *historyExtra) Scan(dest ...any) error {
	return h.rows.Scan(append(dest, &h.e.Net, &h.e.LausTotal, &h.e.LausLost, &h.e.LausRounds)...)
}

// prefixCols is gameCols with every column qualified by prefix (a table alias).
func prefixCols(prefix string) string {
	return prefix + `id, ` + prefix + `table_id, ` + prefix + `kind, ` + prefix + `guild, ` + prefix + `channel, ` +
		prefix + `host, ` + prefix + `message_id, ` + prefix + `settings, ` + prefix + `seed, ` + prefix + `seats, ` +
		prefix + `status, ` + prefix + `last_seq, ` + prefix + `pot, ` + prefix + `deadline, ` + prefix + `deadline_kind, ` +
		prefix + `created_at, ` + prefix + `updated_at`
}
