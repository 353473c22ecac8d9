package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// On PostgreSQL every statement is a round trip to the server, and a group commit that
// ran each action's statements one by one (an action, three chip movements, the game's
// row: five) spent its time waiting on them in series: 978 durable actions a second. So
// the first, unguarded attempt of a batch writes the actions that are plain moves with
// three set-based statements for all of them together (appendSet): one multi-row insert
// into actions, one into the ledger (whose triggers move balances, escrow and pots row by
// row, in order), one update of the games. What does not fit (a game twice in the batch,
// a Laus round, an announcement, a settlement, a closing status, a movement that reads a
// hold the same action changed) runs as before, in the same transaction. Any failure,
// such as an overdraft or a player the guild has not seen, aborts the transaction, and
// the batch runs again the careful way, action by action under savepoints
// (errRetryWithSavepoints): the set statements only ever speed up a batch that succeeds.

// appendSet writes the batch's plain actions with set-based statements and reports which
// it wrote. It writes nothing and reports none when fewer than two qualify.
func (s *Store) appendSet(ctx context.Context, tx *sql.Tx, batch []*appendReq, games batchGames) ([]bool, error) {
	done := make([]bool, len(batch))
	seen := map[string]bool{}
	var set setRows
	for i, r := range batch {
		if r.flush || r.ctx.Err() != nil {
			continue
		}
		g, ok := games[r.rec.GameID]
		if !ok || seen[g.id] || !plainAppend(g, &r.rec, r.moves) {
			seen[r.rec.GameID] = true
			continue
		}
		seen[g.id] = true
		done[i] = true
		set.add(g, &r.rec, r.moves, s.now())
	}
	if len(set.gameIDs) < 2 {
		return make([]bool, len(batch)), nil
	}
	if err := set.write(ctx, tx); err != nil {
		return nil, fmt.Errorf("%w: %w", errGuardMoves, err)
	}
	if s.observeSet != nil {
		s.observeSet(len(set.gameIDs))
	}
	for i, r := range batch {
		if done[i] {
			g := games[r.rec.GameID]
			g.lastSeq = r.rec.Seq
			if r.rec.Status != StatusNone {
				g.status = r.rec.Status
			}
			games[g.id] = g
		}
	}
	return done, nil
}

// plainAppend reports whether an action can be written by appendSet with the same result
// as appendTx: a next seq of an open game, no Laus round, announcement or settlement, a
// status (if any) that does not close the game, and valid movements.
func plainAppend(g gameChips, a *ActionRecord, moves []ChipMove) bool {
	if g.status.Closed() || a.Seq != g.lastSeq+1 || a.LausRound != nil || a.Announce != nil || a.Settle != nil {
		return false
	}
	if a.Status != StatusNone && (a.Status.Closed() || checkStatus(g.status, a.Status) != nil) {
		return false
	}
	for _, m := range moves {
		if m.Amount < 0 || m.User == "" {
			return false
		}
		switch m.Reason {
		case ReasonPayout, ReasonRefund, ReasonEscrowHold, ReasonAnte, ReasonStake, ReasonEscrowRelease:
		default:
			return false
		}
	}
	return true
}

// setRows is the columns of appendSet's three statements.
type setRows struct {
	// actions, and the games' new state
	gameIDs, data, statuses, kinds []string
	seqs, ats, nows, deadlines     []int64
	hasDeadline, nullDeadline      []bool
	// ledger rows
	mGuilds, mUsers, mKinds, mReasons, mGames []string
	mAmounts, mSeqs                           []int64
	// mPhases orders the ledger rows into statements: a movement that reads a player's
	// hold in a game (an ante, a stake, a release of all) after an earlier movement of the
	// same action changed that hold goes into a later statement than it, since one
	// statement reads the holds as they were before it. A player's movements keep their
	// order.
	mPhases []int
	phases  int
}

func (r *setRows) add(g gameChips, a *ActionRecord, moves []ChipMove, now int64) {
	status := g.status
	if a.Status != StatusNone {
		status = a.Status
	}
	r.gameIDs = append(r.gameIDs, g.id)
	r.seqs = append(r.seqs, a.Seq)
	r.data = append(r.data, string(a.Data))
	r.ats = append(r.ats, a.At.UnixMilli())
	r.nows = append(r.nows, now)
	r.statuses = append(r.statuses, status.String())
	d := Deadline{}
	if a.Deadline != nil {
		d = *a.Deadline
	}
	r.hasDeadline = append(r.hasDeadline, a.Deadline != nil)
	r.nullDeadline = append(r.nullDeadline, d.At.IsZero())
	r.deadlines = append(r.deadlines, d.At.UnixMilli())
	r.kinds = append(r.kinds, d.Kind)
	phase := map[string]int{}    // a player's phase so far in this action
	touched := map[string]bool{} // the player's hold was changed by this action
	for _, m := range moves {
		kind := ""
		switch m.Reason {
		case ReasonPayout, ReasonRefund:
			kind = "credit"
		case ReasonEscrowHold:
			kind = "hold"
		case ReasonAnte, ReasonStake:
			kind = "debit"
		case ReasonEscrowRelease:
			kind = "release"
			if m.Amount == 0 {
				kind = "release_all"
			}
		}
		if m.Amount == 0 && kind != "release" && kind != "release_all" {
			continue // applyMove skips these too
		}
		reads := kind == "debit" || kind == "release_all"
		if reads && touched[m.User] {
			phase[m.User]++
		}
		if kind != "credit" {
			touched[m.User] = true
		}
		r.mPhases = append(r.mPhases, phase[m.User])
		r.phases = max(r.phases, phase[m.User]+1)
		r.mGuilds = append(r.mGuilds, g.guild)
		r.mUsers = append(r.mUsers, m.User)
		r.mKinds = append(r.mKinds, kind)
		r.mReasons = append(r.mReasons, m.Reason.String())
		r.mGames = append(r.mGames, g.id)
		r.mAmounts = append(r.mAmounts, m.Amount)
		r.mSeqs = append(r.mSeqs, a.Seq)
	}
}

// write runs the three statements. Each takes its rows as arrays, one per column, so the
// statements stay the same (and prepared) whatever the batch's size.
func (r *setRows) write(ctx context.Context, tx *sql.Tx) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO actions (game_id, seq, data, at, created_at)
		SELECT * FROM unnest(CAST(? AS text[]), CAST(? AS bigint[]), CAST(? AS text[]), CAST(? AS bigint[]), CAST(? AS bigint[]))`,
		r.gameIDs, r.seqs, r.data, r.ats, r.nows); err != nil {
		return fmt.Errorf("store: append actions: %w", err)
	}
	for phase := range r.phases {
		if err := r.writeMoves(ctx, tx, phase); err != nil {
			return err
		}
	}
	res, err := tx.ExecContext(ctx, `UPDATE games SET last_seq = v.seq, status = v.status, updated_at = v.now,
			deadline = CASE WHEN NOT v.has THEN games.deadline WHEN v.nul THEN NULL ELSE v.deadline END,
			deadline_kind = CASE WHEN v.has THEN v.kind ELSE games.deadline_kind END
		FROM unnest(CAST(? AS text[]), CAST(? AS bigint[]), CAST(? AS text[]), CAST(? AS bigint[]), CAST(? AS bool[]),
			CAST(? AS bool[]), CAST(? AS bigint[]), CAST(? AS text[])) AS v(id, seq, status, now, has, nul, deadline, kind)
		WHERE games.id = v.id`,
		r.gameIDs, r.seqs, r.statuses, r.nows, r.hasDeadline, r.nullDeadline, r.deadlines, r.kinds)
	if err != nil {
		return fmt.Errorf("store: update games: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n != int64(len(r.gameIDs)) {
		return errors.Join(err, fmt.Errorf("store: updated %d games of %d", n, len(r.gameIDs)))
	}
	return nil
}

// writeMoves inserts the ledger rows of one phase. As insertMove, row for row: an ante or
// stake is paid from the game's hold first, a release of all releases what is held, and
// makes no row when nothing is.
func (r *setRows) writeMoves(ctx context.Context, tx *sql.Tx, phase int) error {
	pick := func(i int) bool { return r.mPhases[i] == phase }
	if _, err := tx.ExecContext(ctx, `INSERT INTO ledger (guild, user_id, delta, held_delta, reason, game_id, action_seq, created_at)
		SELECT v.guild, v.user_id,
			CASE v.kind WHEN 'debit' THEN -v.amount WHEN 'credit' THEN v.amount ELSE 0 END,
			CASE v.kind WHEN 'debit' THEN -LEAST(v.amount, COALESCE(e.amount, 0)) WHEN 'hold' THEN v.amount
				WHEN 'release' THEN -v.amount WHEN 'release_all' THEN -e.amount ELSE 0 END,
			v.reason, v.game_id, v.seq, CAST(? AS bigint)
		FROM unnest(CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS bigint[]), CAST(? AS text[]),
			CAST(? AS text[]), CAST(? AS bigint[])) WITH ORDINALITY AS v(guild, user_id, kind, amount, reason, game_id, seq, n)
		LEFT JOIN escrow e ON e.game_id = v.game_id AND e.guild = v.guild AND e.user_id = v.user_id
		WHERE v.kind <> 'release_all' OR e.amount IS NOT NULL
		ORDER BY v.n`,
		r.nows[0], only(r.mGuilds, pick), only(r.mUsers, pick), only(r.mKinds, pick), only(r.mAmounts, pick),
		only(r.mReasons, pick), only(r.mGames, pick), only(r.mSeqs, pick)); err != nil {
		return fmt.Errorf("store: chip movements: %w", err)
	}
	return nil
}

// only returns the elements of xs whose index keep accepts.
func only[T any](xs []T, keep func(int) bool) []T {
	out := make([]T, 0, len(xs))
	for i, x := range xs {
		if keep(i) {
			out = append(out, x)
		}
	}
	return out
}
