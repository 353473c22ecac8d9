package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
)

// Moving a bot from its SQLite file to PostgreSQL (cardbot migrate --to): CopyTo copies
// every row of a SQLite store into an empty PostgreSQL one, in one transaction, and then
// compares every table of the two.
//
// The chips are not copied as numbers: the balances and games are copied holding none,
// and the ledger is replayed in its order, so that the target's own triggers rebuild
// every balance, hold, pot and game net from it. The comparison afterwards then checks
// each balance against its ledger as well as against the source.

// copyTables lists the tables CopyTo copies, parents before the rows that refer to them.
// escrow and game_nets are not copied: the ledger's triggers rebuild them. write_probe
// and identify_slots hold nothing worth moving.
var copyTables = []string{
	"guild_settings", "guild_game_settings", "guild_languages", "balances", "games", "actions", "ledger", "settlements",
	"laus_rounds", "laus_round_scores", "laus_results", "laro_stats", "hand_tokens",
	"announcements", "game_threads", "game_closures", "shard_count",
}

// checkedTables is what CopyTo compares between the source and the copy.
var checkedTables = append(slices.Clone(copyTables), "escrow", "game_nets")

// copyZeroed names the columns copied as 0, for the ledger's triggers to fill.
var copyZeroed = map[string][]string{
	"balances": {"balance", "held"},
	"games":    {"pot"},
}

// CopyTo copies the SQLite store s into the empty PostgreSQL store dst and checks the
// copy (see above). It refuses a dst that holds any row, and returns the rows copied.
func (s *Store) CopyTo(ctx context.Context, dst *Store) (int64, error) {
	if s.dialect != dialectSQLite || dst.dialect != dialectPostgres {
		return 0, fmt.Errorf("store: copy: from SQLite to PostgreSQL only")
	}
	for _, t := range checkedTables {
		var n int64
		if err := dst.rdb.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+t).Scan(&n); err != nil {
			return 0, fmt.Errorf("store: copy: the target's %s: %w", t, err)
		}
		if n > 0 {
			return 0, fmt.Errorf("store: copy: the target is not empty (%s has %d rows): copy only into a new database", t, n)
		}
	}
	var copied int64
	err := dst.writeTx(ctx, func(tx *sql.Tx) error {
		for _, t := range copyTables {
			n, err := copyTable(ctx, s.rdb, tx, t)
			if err != nil {
				return fmt.Errorf("store: copy %s: %w", t, err)
			}
			copied += n
		}
		// The next ledger row (an identity) continues after the copied ones.
		_, err := tx.ExecContext(ctx, `SELECT setval(pg_get_serial_sequence('ledger', 'id'), COALESCE(MAX(id), 0) + 1, false) FROM ledger`)
		return err
	})
	if err != nil {
		return 0, err
	}
	for _, t := range checkedTables {
		a, err := tableRows(ctx, s.rdb, t)
		if err != nil {
			return copied, err
		}
		b, err := tableRows(ctx, dst.rdb, t)
		if err != nil {
			return copied, err
		}
		if !slices.Equal(a, b) {
			return copied, fmt.Errorf("store: copy: %s differs after the copy: %d rows in the source, %d in the target%s", t, len(a), len(b), firstDiff(a, b))
		}
	}
	return copied, nil
}

// copyBatch is how many rows one INSERT carries.
const copyBatch = 200

// copyOrder is the order rows are copied in where it matters: the ledger's, which its
// triggers replay, and the games' (PostgreSQL numbers them as they come, and lists
// them in that order).
var copyOrder = map[string]string{"ledger": " ORDER BY id", "games": " ORDER BY rowid"}

// copyTable copies every row of table from src into tx (see copyOrder). It returns the
// rows copied.
func copyTable(ctx context.Context, src *sql.DB, tx *sql.Tx, table string) (int64, error) {
	rows, err := src.QueryContext(ctx, `SELECT * FROM `+table+copyOrder[table])
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return 0, err
	}
	var batch []any
	var n int64
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		k := len(batch) / len(cols)
		one := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", ") + ")"
		q := `INSERT INTO ` + table + ` (` + strings.Join(cols, ", ") + `) VALUES ` + strings.TrimSuffix(strings.Repeat(one+", ", k), ", ")
		_, err := tx.ExecContext(ctx, q, batch...)
		batch = batch[:0]
		return err
	}
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return n, err
		}
		for i, c := range cols {
			if slices.Contains(copyZeroed[table], c) {
				vals[i] = int64(0)
			}
		}
		batch = append(batch, vals...)
		n++
		if n%copyBatch == 0 {
			if err := flush(); err != nil {
				return n, err
			}
		}
	}
	if err := rows.Err(); err != nil {
		return n, err
	}
	return n, flush()
}

// tableRows returns every row of table, each formatted as one string, sorted: what
// CopyTo compares. Text is compared as Go sorts it, since the two databases collate
// differently.
func tableRows(ctx context.Context, db *sql.DB, table string) ([]string, error) {
	rows, err := db.QueryContext(ctx, `SELECT * FROM `+table)
	if err != nil {
		return nil, fmt.Errorf("store: copy: read %s: %w", table, err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return nil, err
	}
	var out []string
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		var b strings.Builder
		for i, v := range vals {
			if cols[i] == "rowid" {
				continue // PostgreSQL's own numbering of games; SELECT * on SQLite has none
			}
			if bs, ok := v.([]byte); ok {
				v = fmt.Sprintf("%x", bs)
			}
			fmt.Fprintf(&b, "%s=%v|", cols[i], v)
		}
		out = append(out, b.String())
	}
	slices.Sort(out)
	return out, rows.Err()
}

// firstDiff describes the first row where a and b differ.
func firstDiff(a, b []string) string {
	for i := range max(len(a), len(b)) {
		var x, y string
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if x != y {
			return fmt.Sprintf("; first difference: source %q, target %q", x, y)
		}
	}
	return ""
}
