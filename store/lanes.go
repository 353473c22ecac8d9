package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"hash/fnv"

	"github.com/jackc/pgx/v5/pgconn"
)

// A lane is one group-commit writer: a goroutine, the queue it takes appends from, and
// the one database session it commits them on.
//
// SQLite has one lane: its file takes one writer at a time. PostgreSQL has pgLanes. With
// one session, every statement of every batch ran in that session's one server backend,
// one after another, and that backend's CPU (about 115 µs an action) bounded the rate at
// 3,500–5,900 actions a second on a 2-core machine. Two sessions let the server use both
// cores. Games are split between the lanes by a hash of their ID, so one game's actions
// always go through one lane and stay in order, and the "exactly one wins" check of a
// move number (the game's row locked FOR UPDATE, the actions' primary key) sees them as
// before. A player's chips may be moved by two lanes at once (two tables in one guild):
// each lane locks the batch's balances rows in one order before it moves any (see
// lockBalances), so the two wait for each other rather than deadlock, and the ledger's
// triggers keep balances and ledger in step inside each transaction, as with one lane.
//
// A game's hand tokens go with its actions, through its lane (takeHandTokens), and so
// does a flush (SaveHandToken): a token is stored when the action or flush after it is.
type lane struct {
	id  int
	in  chan *appendReq
	wdb *sql.DB // one connection; lane 0's is the Store's wdb, shared with writeTx
	// tokensQueued wakes the writer when a hand token of one of its games is queued.
	tokensQueued chan struct{}
	// newPlayers makes the batch being run create its new players before it locks
	// (lockBalances). Only the lane's writer reads and writes it.
	newPlayers bool
	// pacedBatches counts the batches that waited for commitGap (batch.go); only the
	// lane's writer writes it.
	pacedBatches int
}

// pgLanes is how many writer sessions a PostgreSQL Store commits on.
const pgLanes = 2

// The other writes (writeTx: a settlement, a refund, a daily bonus) run on lane 0's
// session while lane 1 commits batches, and move players' chips in their own order. One
// that locks a player lane 1 waits for while it waits for another that lane 1 holds is a
// deadlock: PostgreSQL fails one of the two after deadlock_timeout. A batch that fails so
// runs again action by action (runBatch), each in the lock order; writeTx runs its
// transaction again, up to deadlockRetries times, so the caller sees a pause, not an
// error (TestWriteTxRunsAgainAfterADeadlock).
const deadlockRetries = 3

// isDeadlock reports whether err is PostgreSQL breaking a deadlock (SQLSTATE 40P01).
func isDeadlock(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "40P01"
}

// newLanes makes the lanes, one per writer pool in wdbs.
func newLanes(wdbs []*sql.DB) []*lane {
	lanes := make([]*lane, len(wdbs))
	for i, db := range wdbs {
		lanes[i] = &lane{id: i, in: make(chan *appendReq), wdb: db, tokensQueued: make(chan struct{}, 1)}
	}
	return lanes
}

// laneOf returns the lane that commits the game's actions and hand tokens.
func (s *Store) laneOf(gameID string) *lane {
	if len(s.lanes) == 1 {
		return s.lanes[0]
	}
	h := fnv.New32a()
	h.Write([]byte(gameID))
	return s.lanes[h.Sum32()%uint32(len(s.lanes))]
}

// lockBalances takes the balances rows of every player the batch moves chips for, in
// (guild, user) order, before any of them is changed. Two lanes whose batches share
// players then take those rows in the same order: one waits for the other's commit
// instead of each holding a row the other needs, a deadlock that PostgreSQL would break
// only after deadlock_timeout (a second) by failing a batch. It takes the lock an UPDATE
// takes (FOR NO KEY UPDATE), which leaves other sessions' foreign-key checks free.
//
// A player the guild has never seen has no row to lock, and creating it after the lock
// would take it out of order: two lanes starting on the same new players deadlocked so
// in TestLanesShareAPlayer. So when a row is missing, lockBalances fails with
// errNewPlayers, and runBatch runs the batch again with l.newPlayers set: then it first
// creates the missing players, in the same order, with their starting grant (as
// ensurePlayer does; a new row is held by its inserter, and another lane inserting it
// waits), and locks them all after. Most batches have no new player and skip that
// statement. With one lane there is no one to order against, and it does nothing.
func (s *Store) lockBalances(ctx context.Context, tx *sql.Tx, l *lane, batch []*appendReq, games batchGames) error {
	if len(s.lanes) < 2 {
		return nil
	}
	var guilds, users []string
	seen := map[[2]string]bool{}
	for _, r := range batch {
		g, ok := games[r.rec.GameID]
		if r.flush || !ok {
			continue // a game not found fails its append before it moves anything
		}
		for _, m := range r.moves {
			k := [2]string{g.guild, m.User}
			if m.User == "" || g.guild == "" || seen[k] {
				continue
			}
			seen[k] = true
			guilds = append(guilds, g.guild)
			users = append(users, m.User)
		}
	}
	if len(users) == 0 {
		return nil
	}
	// INSERT … SELECT … ORDER BY inserts in that order, and LockRows runs above the
	// sort, so both take the rows in the database's order of (guild, user_id).
	if l.newPlayers {
		created, err := queryPairs(ctx, tx, `INSERT INTO balances (guild, user_id, balance, held, created_at)
			SELECT v.guild, v.user_id, 0, 0, CAST(? AS bigint)
			FROM unnest(CAST(? AS text[]), CAST(? AS text[])) AS v(guild, user_id) ORDER BY v.guild, v.user_id
			ON CONFLICT (guild, user_id) DO NOTHING RETURNING guild, user_id`, s.now(), guilds, users)
		if err != nil {
			return fmt.Errorf("store: create the batch's players: %w", err)
		}
		if s.StartingGrant != 0 {
			for _, k := range created {
				if err := s.insertLedger(ctx, tx, k[0], k[1], s.StartingGrant, 0, ReasonGrant, nil, nil); err != nil {
					return err
				}
			}
		}
	}
	locked, err := queryPairs(ctx, tx, `SELECT guild, user_id FROM balances
		WHERE (guild, user_id) IN (SELECT * FROM unnest(CAST(? AS text[]), CAST(? AS text[])))
		ORDER BY guild, user_id FOR NO KEY UPDATE`, guilds, users)
	if err != nil {
		return fmt.Errorf("store: lock the batch's balances: %w", err)
	}
	if len(locked) < len(users) {
		if l.newPlayers {
			return fmt.Errorf("store: lock the batch's balances: %d of %d players found", len(locked), len(users))
		}
		return errNewPlayers
	}
	return nil
}

// errNewPlayers asks for a batch to be run again creating its new players first.
var errNewPlayers = errors.New("store: retry batch creating its players first")

// queryPairs runs a query whose rows are two strings and returns them all.
func queryPairs(ctx context.Context, tx *sql.Tx, query string, args ...any) ([][2]string, error) {
	rows, err := tx.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out [][2]string
	for rows.Next() {
		var k [2]string
		if err := rows.Scan(&k[0], &k[1]); err != nil {
			return nil, err
		}
		out = append(out, k)
	}
	return out, rows.Err()
}
