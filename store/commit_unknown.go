package store

import (
	"context"
	"database/sql"
	"time"
)

// A COMMIT that fails on PostgreSQL does not always mean that nothing was stored: when the
// session breaks after the server made the transaction durable but before its answer
// arrived (a server restart or a network cut at that moment), the batch is in the
// database although COMMIT reported an error. Answering its callers with that error
// would have each table undo a move the database holds, and its next move would then
// collide with it (ErrSeqConflict) for as long as the table lives. So the writer asks
// the database, on a new session, whether the batch's first action is there: actions
// are only ever written with their whole batch, so that settles every action of it.

// commitCheckFor bounds how long the writer keeps asking. A server that does not answer
// within it is down, and then the shard's lease is lost too: the process rebuilds every
// table from the database when it serves again (cmd/cardbot), which settles the rest.
const commitCheckFor = 3 * time.Second

// commitTx commits tx. loseCommitAnswer, a test's hook, makes a COMMIT that succeeded
// report an error, as a session broken before the server's answer does.
func (s *Store) commitTx(tx *sql.Tx) error {
	err := tx.Commit()
	if err == nil && s.loseCommitAnswer != nil {
		return s.loseCommitAnswer()
	}
	return err
}

// committedAnyway reports whether a batch whose COMMIT failed is in the database after
// all (see above). It answers false when it cannot tell within commitCheckFor.
func (s *Store) committedAnyway(l *lane, batch []*appendReq, errs []error) bool {
	if s.dialect != dialectPostgres {
		return false // SQLite's COMMIT is local: it failed, or it stopped the process
	}
	var probe *appendReq
	for i, r := range batch {
		if !r.flush && errs[i] == nil {
			probe = r
			break
		}
	}
	if probe == nil {
		return false // nothing to ask about: hand tokens alone are written again later
	}
	ctx, cancel := context.WithTimeout(context.Background(), commitCheckFor)
	defer cancel()
	// The action's data too: under a rival writer the seq could hold another's move.
	q := rebind(`SELECT COUNT(*) FROM actions WHERE game_id = ? AND seq = ? AND data = ?`)
	for {
		var n int
		err := l.wdb.QueryRowContext(ctx, q, probe.rec.GameID, probe.rec.Seq, string(probe.rec.Data)).Scan(&n)
		if err == nil {
			return n > 0
		}
		select {
		case <-ctx.Done():
			return false
		case <-time.After(100 * time.Millisecond):
		}
	}
}
