package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// RecentlyFinishedGames returns the finished games whose tables are still open after
// them at now, oldest first: the after-game tables to rebuild after a restart.
//
// A table stays open for a while after its game ends, showing the result and Play
// again, and the final action stores when it closes as the game's deadline (kind
// "idle"). A game is returned when that deadline is after now and it is its table's
// latest game: a table with a live game (in LiveGames) or a newer finished game has
// moved on. Cancelled games are passed over, since a next game that could not begin
// is cancelled and leaves its table where it was.
func (s *Store) RecentlyFinishedGames(ctx context.Context, now time.Time) ([]Game, error) {
	var out []Game
	err := s.readTx(ctx, func(tx *sql.Tx) error {
		// The live-game check reads the small games_live index; a newer finished
		// game of the same table finished later, so it is among the rows read here.
		rows, err := tx.QueryContext(ctx, `SELECT `+gameCols+` FROM games g
			WHERE g.status = 'finished' AND g.deadline_kind = 'idle' AND g.deadline > ? AND g.table_id != ''
			AND NOT EXISTS (SELECT 1 FROM games n WHERE n.status IN ('lobby', 'playing') AND n.table_id = g.table_id)
			ORDER BY g.created_at, g.rowid`, now.UnixMilli())
		if err != nil {
			return fmt.Errorf("store: recently finished games: %w", err)
		}
		defer rows.Close()
		latest := map[string]int{} // table ID → index in out
		for rows.Next() {
			g, err := scanGame(rows)
			if err != nil {
				return err
			}
			if i, ok := latest[g.TableID]; ok {
				out[i] = Game{} // an older game of the table: dropped below
			}
			latest[g.TableID] = len(out)
			out = append(out, g)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		kept := out[:0]
		for _, g := range out {
			if g.ID != "" {
				kept = append(kept, g)
			}
		}
		out = kept
		return nil
	})
	return out, err
}
