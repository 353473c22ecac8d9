package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// maxBatch bounds how many appends share one transaction, so that one commit never
// keeps callers waiting for long.
const maxBatch = 256

// appendReq is one AppendAction call waiting for the writer.
type appendReq struct {
	ctx   context.Context
	rec   ActionRecord
	moves []ChipMove
	done  chan error // buffered: the writer never blocks on a caller
	// flush marks a request with no action: its caller only waits for the
	// commit of the next batch, which writes every hand token queued before it.
	flush bool
}

// AppendAction appends one action to its game's log together with the chip movements it
// causes, and any status, deadline, Laus round, settlement or announcement the record
// carries, all in one transaction. It returns only after that transaction has committed, or with an error
// when nothing of it was stored.
//
// a.Seq must be the game's next seq: a replayed or duplicated request fails with
// ErrSeqConflict and changes nothing. A move that would overdraw a player fails with an
// *InsufficientChipsError, and then the action is not appended either.
//
// Concurrent calls (many tables at once) are group-committed: a writer goroutine (one per
// lane, lanes.go) runs a batch of them in a single transaction, each under its own
// SAVEPOINT when one fails, so that the failing action is rolled back alone. One commit then makes the whole batch durable, which is
// what lets SQLite take thousands of appends a second.
func (s *Store) AppendAction(ctx context.Context, a ActionRecord, moves []ChipMove) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return s.submit(ctx, &appendReq{ctx: ctx, rec: a, moves: moves, done: make(chan error, 1)})
}

// submit hands req to the writer and waits for its answer.
func (s *Store) submit(ctx context.Context, req *appendReq) error {
	if err := s.refuseAfterSyncFailure(); err != nil {
		return err
	}
	if err := s.refuseFenced(); err != nil {
		return err
	}
	select {
	case s.laneOf(req.rec.GameID).in <- req:
	case <-ctx.Done():
		return ctx.Err()
	case <-s.closed:
		return ErrClosed
	}
	// Once the writer has the request, its answer is definitive: it either commits the
	// action or reports why it did not. Abandoning the wait on ctx would leave the caller
	// unsure whether the action was stored, so the wait is unconditional (and short).
	return <-req.done
}

// The writer's gather window. Every commit is synced to the disk before its callers are
// answered (a millisecond or more, see wal_sync.go), so a commit made for a handful of
// actions wastes most of what it could have carried. Right after a commit the queue is
// nearly empty: the callers it just answered are still on their way back with their next
// action. So while a batch is smaller than the one before it, the writer waits a little
// for more callers: until none has come for gatherIdle, and never longer than gatherMax
// in all. A lone action (the previous batch held one) is committed at once.
const (
	gatherIdle = 300 * time.Microsecond
	gatherMax  = 2 * time.Millisecond
)

// writer is the goroutine of one lane that group-commits its appends (lanes.go).
func (s *Store) writer(l *lane) {
	defer s.bg.Done()
	defer s.writers.Done()
	prev := 0               // size of the previous batch: how many callers may come back
	var lastStart time.Time // when the previous batch began
	var back comeBack       // which of the previous batch's games are back
	for {
		var first *appendReq
		select {
		case first = <-l.in:
		case <-l.tokensQueued:
			// Hand tokens ride with the next batch of actions; when none comes soon,
			// they are committed alone.
			select {
			case first = <-l.in:
			case <-time.After(handTokenWait):
			case <-s.closed:
			}
		case <-s.closed:
			s.flushHandTokens(l)
			return
		}
		if first == nil {
			s.flushHandTokens(l)
			continue
		}
		batch := s.drain(l, []*appendReq{first})
		if wait := time.Until(lastStart.Add(commitGap)); wait > 0 && !back.cameBack(batch) {
			l.pacedBatches++
			batch = s.gatherFor(l, batch, wait, &back)
		} else if len(batch) < min(prev, maxBatch) {
			batch = s.gather(l, batch, min(prev, maxBatch))
		}
		prev = len(batch)
		back.expect(batch)
		lastStart = time.Now()
		s.runBatch(l, batch)
	}
}

// flushHandTokens commits the queued hand tokens of l's games, if any, in a transaction
// of their own.
func (s *Store) flushHandTokens(l *lane) {
	s.tokensMu.Lock()
	queued := len(s.tokens) > 0
	s.tokensMu.Unlock()
	if queued {
		s.runBatch(l, nil)
	}
}

// drain adds everyone already queued in l to the batch, up to maxBatch.
func (s *Store) drain(l *lane, batch []*appendReq) []*appendReq {
	for len(batch) < maxBatch {
		select {
		case r := <-l.in:
			batch = append(batch, r)
		default:
			return batch
		}
	}
	return batch
}

// gather waits for callers until the batch has want of them, none came for gatherIdle,
// or gatherMax has passed.
func (s *Store) gather(l *lane, batch []*appendReq, want int) []*appendReq {
	deadline := time.Now().Add(gatherMax)
	t := time.NewTimer(gatherIdle)
	defer t.Stop()
	for len(batch) < want {
		select {
		case r := <-l.in:
			batch = s.drain(l, append(batch, r))
		case <-t.C:
			return batch
		case <-s.closed:
			return batch
		}
		left := time.Until(deadline)
		if left <= 0 {
			return batch
		}
		t.Reset(min(gatherIdle, left))
	}
	return batch
}

// runBatch appends a batch in one transaction; its callers are answered once it is on
// the disk (by the syncer), or at once when it failed.
func (s *Store) runBatch(l *lane, batch []*appendReq) {
	var errs []error
	var err error
	for savepoints := false; ; {
		errs, err = s.commitBatch(l, batch, savepoints)
		if errors.Is(err, errNewPlayers) && !l.newPlayers {
			l.newPlayers = true // again, creating them first (lanes.go)
			continue
		}
		if errors.Is(err, errRetryWithSavepoints) && !savepoints {
			savepoints = true
			continue
		}
		break
	}
	l.newPlayers = false
	if err != nil && len(batch) > 1 {
		// The batch transaction failed as a whole (a commit that could not take the lock,
		// say): nothing of it is stored, so every action is retried in its own
		// transaction and fails only for its own reasons.
		if s.observeBatchFailure != nil {
			s.observeBatchFailure(err)
		}
		for _, r := range batch {
			s.runBatch(l, []*appendReq{r})
		}
		return
	}
	if err != nil {
		for _, r := range batch {
			r.done <- err
		}
		return
	}
	// Committed: the callers are answered once the WAL is on the disk (wal_sync.go).
	s.synced <- syncedBatch{batch: batch, errs: errs}
}

// errRetryWithSavepoints asks for a batch to be run again with a savepoint per action.
var errRetryWithSavepoints = errors.New("store: retry batch with savepoints")

// commitBatch runs the batch in one transaction and commits it. It returns each action's
// own error, or an error for the batch as a whole, in which case nothing was stored.
//
// Most batches have no failing action, so the first attempt runs without savepoints
// (they cost about a sixth of an append). If an action fails in a batch of several, its
// partial changes cannot be undone alone: the attempt is rolled back and the batch runs
// again with a SAVEPOINT around each action, so that only the failing one is dropped.
func (s *Store) commitBatch(l *lane, batch []*appendReq, savepoints bool) ([]error, error) {
	// The batch outlives any one caller, so it runs under its own context; each caller's
	// context is checked before its action is applied.
	ctx := context.Background()
	if !savepoints && s.dialect == dialectPostgres {
		ctx = context.WithValue(ctx, unguardedMoves{}, true)
	}
	errs := make([]error, len(batch))
	begin := time.Now()
	tx, err := l.wdb.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("store: begin: %w", err)
	}
	defer tx.Rollback()
	games, err := s.loadBatchGames(ctx, tx, batch)
	if err != nil {
		return nil, err
	}
	if err := s.lockBalances(ctx, tx, l, batch, games); err != nil {
		return nil, err
	}
	var set []bool // written by appendSet (batch_postgres.go)
	if !savepoints && s.dialect == dialectPostgres {
		if set, err = s.appendSet(ctx, tx, batch, games); err != nil {
			return nil, errRetryWithSavepoints
		}
	}
	for i, r := range batch {
		if r.flush || set != nil && set[i] {
			continue
		}
		if err := r.ctx.Err(); err != nil {
			errs[i] = err
			continue
		}
		if !savepoints {
			if errs[i] = games.append(ctx, s, tx, r); errs[i] != nil {
				if len(batch) == 1 && !errors.Is(errs[i], errGuardMoves) {
					// Alone in the batch: rolling back the transaction drops exactly it.
					return errs, nil
				}
				return nil, errRetryWithSavepoints
			}
			continue
		}
		errs[i] = s.appendSavepoint(ctx, tx, r, games)
		if errs[i] != nil && !isActionError(errs[i]) {
			// The transaction itself is in trouble (I/O, savepoint failure): the whole
			// batch fails and nothing of it commits.
			return nil, errs[i]
		}
	}
	if err := s.refuseFenced(); err != nil {
		// Fenced while the batch ran: nothing of it may commit (fence.go).
		return nil, err
	}
	tokens := s.takeHandTokens(l)
	if len(batch) == 0 && len(tokens) == 0 {
		return errs, nil
	}
	writeHandTokens(ctx, tx, tokens)
	if err := s.checkLeaseHeld(ctx, tx); err != nil {
		s.requeueHandTokens(tokens)
		return nil, err
	}
	commit := time.Now()
	if err := s.commitTx(tx); err != nil && !s.committedAnyway(l, batch, errs) {
		s.requeueHandTokens(tokens)
		return nil, fmt.Errorf("store: commit: %w", err)
	}
	if s.observeBatch != nil {
		s.observeBatch(len(batch), commit.Sub(begin), time.Since(commit))
	}
	s.observeCommit(begin, len(batch))
	s.markDirty()
	return errs, nil
}

// errBatch wraps a savepoint-level failure that dooms the whole transaction.
type errBatch struct{ err error }

func (e *errBatch) Error() string { return e.err.Error() }
func (e *errBatch) Unwrap() error { return e.err }

// isActionError reports whether err concerns only its own action (rolled back to its
// savepoint), as opposed to a failure of the batch transaction.
func isActionError(err error) bool {
	var b *errBatch
	return !errors.As(err, &b)
}

// appendSavepoint applies one append under a savepoint, rolling back to it on failure so
// that the batch's other actions are unaffected.
func (s *Store) appendSavepoint(ctx context.Context, tx *sql.Tx, r *appendReq, games batchGames) error {
	if _, err := tx.ExecContext(ctx, `SAVEPOINT append_action`); err != nil {
		return &errBatch{fmt.Errorf("store: savepoint: %w", err)}
	}
	aerr := games.append(ctx, s, tx, r)
	if aerr != nil {
		if _, err := tx.ExecContext(ctx, `ROLLBACK TO append_action`); err != nil {
			return &errBatch{fmt.Errorf("store: rollback to savepoint: %w", err)}
		}
	}
	if _, err := tx.ExecContext(ctx, `RELEASE append_action`); err != nil {
		return &errBatch{fmt.Errorf("store: release savepoint: %w", err)}
	}
	return aerr
}
