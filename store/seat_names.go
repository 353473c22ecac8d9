package store

import (
	"context"
	"database/sql"
	"fmt"
)

// SeatNames returns the name each of users last sat down with at a table
// of kind (KindNone: of any kind) in guild, for views that name people
// outside any table (the all-time Laus table, stats, histories), so they
// need not mention them. Users with no stored name are left out: they
// never sat down, or only before names were kept.
func (s *Store) SeatNames(ctx context.Context, guild string, kind Kind, users []string) (map[string]string, error) {
	want := map[string]bool{}
	for _, u := range users {
		want[u] = true
	}
	names := map[string]string{}
	err := s.readTx(ctx, func(tx *sql.Tx) error {
		// Oldest first, so a later name replaces an earlier one.
		rows, err := tx.QueryContext(ctx, `
			SELECT json_extract(j.value, '$.user'), json_extract(j.value, '$.name')
			FROM games g, json_each(g.seats) j
			WHERE g.guild = ? AND (? = '' OR g.kind = ?) AND g.status != 'lobby'
			  AND json_extract(j.value, '$.name') IS NOT NULL
			ORDER BY g.created_at, g.id`, guild, kind.String(), kind.String())
		if err != nil {
			return fmt.Errorf("store: seat names: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var user, name string
			if err := rows.Scan(&user, &name); err != nil {
				return fmt.Errorf("store: seat names: %w", err)
			}
			if want[user] && name != "" {
				names[user] = name
			}
		}
		return rows.Err()
	})
	return names, err
}
