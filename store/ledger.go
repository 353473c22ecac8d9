package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Reason says why chips moved; it is stored on every ledger row.
type Reason uint8

// Reasons. Grants (ReasonGrant, ReasonDaily, ReasonAdminGrant) are the only way chips
// enter a guild; every other reason moves chips between players and a game's pot, or in
// and out of escrow.
const (
	ReasonNone          Reason = iota
	ReasonGrant                // starting grant, the first time a player is seen
	ReasonDaily                // daily bonus
	ReasonAdminGrant           // an admin added (or removed) chips
	ReasonAnte                 // debit: the player's ante into the game's pot
	ReasonStake                // debit: what the player lost (stake × points) into the pot
	ReasonPayout               // credit from the pot: winnings
	ReasonRefund               // credit from the pot: antes returned (no winner, cancelled)
	ReasonEscrowHold           // hold chips for the game: free balance shrinks, total does not
	ReasonEscrowRelease        // release the game's hold
)

var reasonNames = [...]string{
	ReasonNone:          "none",
	ReasonGrant:         "grant",
	ReasonDaily:         "daily",
	ReasonAdminGrant:    "admin_grant",
	ReasonAnte:          "ante",
	ReasonStake:         "stake",
	ReasonPayout:        "payout",
	ReasonRefund:        "refund",
	ReasonEscrowHold:    "escrow_hold",
	ReasonEscrowRelease: "escrow_release",
}

// String returns the reason's stored name, e.g. "escrow_hold".
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return fmt.Sprintf("Reason(%d)", r)
}

// ChipMove is one chip movement caused by a game action. The game gives the guild, so a
// move can never touch another server's balances.
//
// Amount is a count of chips, never negative; the Reason gives the direction:
//   - ReasonAnte, ReasonStake: the player pays Amount into the pot. The chips come first
//     out of what this game holds of the player, then out of the free balance.
//   - ReasonPayout, ReasonRefund: the pot pays Amount to the player (never more than the
//     pot holds).
//   - ReasonEscrowHold: Amount of the free balance is held for the game.
//   - ReasonEscrowRelease: Amount of the game's hold is released; 0 releases all of it.
type ChipMove struct {
	User   string
	Reason Reason
	Amount int64
}

// Balance is a player's chips in one guild. Free = Total − Held is what they can stake.
type Balance struct {
	Total int64
	Held  int64
	Free  int64
}

func makeBalance(total, held int64) Balance {
	return Balance{Total: total, Held: held, Free: total - held}
}

// LeaderRow is one line of a guild's chip leaderboard.
type LeaderRow struct {
	Rank  int
	User  string
	Total int64
}

// Balance returns the player's chips, creating the player with the starting grant if the
// guild has not seen them before.
func (s *Store) Balance(ctx context.Context, guild, user string) (Balance, error) {
	var b Balance
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		p, err := s.player(ctx, tx, guild, user)
		if err != nil {
			return err
		}
		b = makeBalance(p.balance, p.held)
		return nil
	})
	return b, err
}

// ClaimDaily pays the daily bonus if DailyInterval has passed since the player's last
// claim; otherwise it returns a *DailyTooSoonError (errors.Is ErrDailyTooSoon) saying when
// the next claim is possible.
func (s *Store) ClaimDaily(ctx context.Context, guild, user string) (Balance, error) {
	var b Balance
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		p, err := s.player(ctx, tx, guild, user)
		if err != nil {
			return err
		}
		now := s.Now()
		if p.lastDaily.Valid {
			next := msTime(p.lastDaily.Int64).Add(s.DailyInterval)
			if now.Before(next) {
				return &DailyTooSoonError{Next: next}
			}
		}
		if _, err := tx.ExecContext(ctx,
			`UPDATE balances SET last_daily = ? WHERE guild = ? AND user_id = ?`,
			now.UnixMilli(), guild, user); err != nil {
			return fmt.Errorf("store: claim daily: %w", err)
		}
		if err := s.insertLedger(ctx, tx, guild, user, s.DailyBonus, 0, ReasonDaily, nil, nil); err != nil {
			return err
		}
		b = makeBalance(p.balance+s.DailyBonus, p.held)
		return nil
	})
	return b, err
}

// AdminGrant adds amount chips to the player's balance on an admin's order, recording
// the admin on the ledger row. A negative amount removes chips, but only free ones:
// taking more than the free balance fails with ErrInsufficientChips.
func (s *Store) AdminGrant(ctx context.Context, guild, admin, user string, amount int64) (Balance, error) {
	var b Balance
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		p, err := s.player(ctx, tx, guild, user)
		if err != nil {
			return err
		}
		free := p.balance - p.held
		if -amount > free {
			return &InsufficientChipsError{Guild: guild, User: user, Need: -amount, Free: free}
		}
		if amount != 0 {
			if err := s.insertLedger(ctx, tx, guild, user, amount, 0, ReasonAdminGrant, nil, &admin); err != nil {
				if v := violated(err); v == "free_nonnegative" || v == "balance_nonnegative" {
					// Another writer lane took chips after the read above (lanes.go).
					return &InsufficientChipsError{Guild: guild, User: user, Need: -amount, Free: free}
				}
				return err
			}
		}
		b = makeBalance(p.balance+amount, p.held)
		return nil
	})
	return b, err
}

// Leaderboard returns the guild's n richest players (by total chips), richest first.
func (s *Store) Leaderboard(ctx context.Context, guild string, n int) ([]LeaderRow, error) {
	var out []LeaderRow
	err := s.readTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT user_id, balance FROM balances
			WHERE guild = ? ORDER BY balance DESC, user_id LIMIT ?`, guild, n)
		if err != nil {
			return fmt.Errorf("store: leaderboard: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			r := LeaderRow{Rank: len(out) + 1}
			if err := rows.Scan(&r.User, &r.Total); err != nil {
				return fmt.Errorf("store: leaderboard: %w", err)
			}
			out = append(out, r)
		}
		return rows.Err()
	})
	return out, err
}

// playerRow is a player's balances row as read inside a transaction.
type playerRow struct {
	balance, held int64
	lastDaily     sql.NullInt64
}

// player loads the player's row, creating the player first if needed (see ensurePlayer).
func (s *Store) player(ctx context.Context, tx *sql.Tx, guild, user string) (*playerRow, error) {
	if err := s.ensurePlayer(ctx, tx, guild, user); err != nil {
		return nil, err
	}
	p := &playerRow{}
	if err := tx.QueryRowContext(ctx,
		`SELECT balance, held, last_daily FROM balances WHERE guild = ? AND user_id = ?`,
		guild, user).Scan(&p.balance, &p.held, &p.lastDaily); err != nil {
		return nil, fmt.Errorf("store: load player: %w", err)
	}
	return p, nil
}

// ensurePlayer creates the player with the starting grant if the guild has never seen
// them. Every path that touches a player goes through here, so the grant is paid exactly
// once whatever the player does first. It is a single statement for a known player,
// because it runs for every chip movement.
func (s *Store) ensurePlayer(ctx context.Context, tx *sql.Tx, guild, user string) error {
	if guild == "" || user == "" {
		return fmt.Errorf("%w: empty guild or user", ErrInvalid)
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO balances (guild, user_id, balance, held, created_at)
		VALUES (?, ?, 0, 0, ?) ON CONFLICT (guild, user_id) DO NOTHING`, guild, user, s.now())
	if err != nil {
		return fmt.Errorf("store: create player: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("store: create player: %w", err)
	} else if n == 1 && s.StartingGrant != 0 {
		return s.insertLedger(ctx, tx, guild, user, s.StartingGrant, 0, ReasonGrant, nil, nil)
	}
	return nil
}

// insertLedger appends a ledger row; the ledger triggers apply it to the balance, the
// game's escrow and the game's pot in the same statement.
func (s *Store) insertLedger(ctx context.Context, tx *sql.Tx, guild, user string, delta, heldDelta int64,
	reason Reason, at *actionRef, actor *string) error {
	var gameID, seq, act any
	if at != nil {
		gameID = at.gameID
		if at.seq > 0 {
			seq = at.seq
		}
	}
	if actor != nil {
		act = *actor
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO ledger
		(guild, user_id, delta, held_delta, reason, game_id, action_seq, actor, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		guild, user, delta, heldDelta, reason.String(), gameID, seq, act, s.now()); err != nil {
		return fmt.Errorf("store: append ledger: %w", err)
	}
	return nil
}

// actionRef names the game (and action, if any) a movement belongs to.
type actionRef struct {
	gameID string
	seq    int64 // 0 when the movement has no action (Hold, Release, Settle)
}

// gameChips is the part of a game row that chip movements need.
type gameChips struct {
	id, guild string
	status    Status
	lastSeq   int64
}

// applyMove performs one game chip movement as a single ledger insert whose triggers
// update balances, escrow and pot. The schema's CHECK constraints refuse an overdraft;
// only then does the store read the player's chips, to say how many are missing. This
// keeps the hot path to one statement per movement.
func (s *Store) applyMove(ctx context.Context, tx *sql.Tx, g *gameChips, seq int64, m ChipMove) error {
	if m.Amount < 0 {
		return fmt.Errorf("%w: negative amount %d for %s", ErrInvalid, m.Amount, m.Reason)
	}
	switch m.Reason {
	case ReasonEscrowHold, ReasonAnte, ReasonStake, ReasonPayout, ReasonRefund:
		if m.Amount == 0 {
			return nil
		}
	case ReasonEscrowRelease:
	default:
		return fmt.Errorf("%w: reason %s is not a game movement", ErrInvalid, m.Reason)
	}
	if m.User == "" {
		return fmt.Errorf("%w: chip movement without a user", ErrInvalid)
	}
	err := s.tryMove(ctx, tx, g, seq, m)
	if errors.Is(err, errGuardMoves) {
		return err // the transaction is aborted: nothing more can run in it
	}
	if isForeignKeyError(err) {
		// The guild has not seen the player yet (the ledger row references their
		// balances row). Creating players only on this path keeps the common case at one
		// statement per movement.
		if err := s.ensurePlayer(ctx, tx, g.guild, m.User); err != nil {
			return err
		}
		err = s.tryMove(ctx, tx, g, seq, m)
	}
	if err == nil {
		return nil
	}
	switch violated(err) {
	case "free_nonnegative", "balance_nonnegative":
		return s.insufficient(ctx, tx, g, m)
	case "pot_nonnegative":
		return fmt.Errorf("store: game %s pays %d to %s: %w", g.id, m.Amount, m.User, ErrPotOverdrawn)
	case "escrow_nonnegative", "held_nonnegative":
		// A release beyond the game's hold. SQLite runs the escrow trigger first and
		// names its constraint; PostgreSQL runs triggers in name order, balances first,
		// where the player's held total (the sum of their escrow) goes negative.
		return fmt.Errorf("%w: release %d of %s, more than game %s holds", ErrInvalid, m.Amount, m.User, g.id)
	}
	return fmt.Errorf("store: chip movement: %w", err)
}

// tryMove runs insertMove so that the transaction can go on when it fails. SQLite undoes
// a failed statement alone; PostgreSQL aborts the whole transaction, so there the insert
// runs under a savepoint that a failure rolls back to.
//
// The savepoint costs two round trips to the server per movement, and movements almost
// never fail. So a group commit's first attempt runs them without (a context marked by
// unguardedMoves): a failure then answers errGuardMoves, and the batch runs again, rolled
// back whole, with every movement guarded (see commitBatch).
func (s *Store) tryMove(ctx context.Context, tx *sql.Tx, g *gameChips, seq int64, m ChipMove) error {
	if s.dialect != dialectPostgres {
		return s.insertMove(ctx, tx, g, seq, m)
	}
	if ctx.Value(unguardedMoves{}) != nil {
		if err := s.insertMove(ctx, tx, g, seq, m); err != nil {
			return fmt.Errorf("%w: %w", errGuardMoves, err)
		}
		return nil
	}
	if _, err := tx.ExecContext(ctx, `SAVEPOINT chip_move`); err != nil {
		return fmt.Errorf("store: savepoint: %w", err)
	}
	moveErr := s.insertMove(ctx, tx, g, seq, m)
	if moveErr != nil {
		if _, err := tx.ExecContext(ctx, `ROLLBACK TO SAVEPOINT chip_move`); err != nil {
			return fmt.Errorf("store: rollback to savepoint: %w", err)
		}
	}
	if _, err := tx.ExecContext(ctx, `RELEASE SAVEPOINT chip_move`); err != nil {
		return fmt.Errorf("store: release savepoint: %w", err)
	}
	return moveErr
}

// insertMove writes the movement's ledger row; the schema's triggers and constraints do
// the rest.
func (s *Store) insertMove(ctx context.Context, tx *sql.Tx, g *gameChips, seq int64, m ChipMove) error {
	var seqArg any
	if seq > 0 {
		seqArg = seq
	}
	const cols = `INSERT INTO ledger (guild, user_id, delta, held_delta, reason, game_id, action_seq, created_at) `
	var err error
	switch m.Reason {
	case ReasonPayout, ReasonRefund:
		_, err = tx.ExecContext(ctx, cols+`VALUES (?, ?, ?, 0, ?, ?, ?, ?)`,
			g.guild, m.User, m.Amount, m.Reason.String(), g.id, seqArg, s.now())
	case ReasonEscrowHold:
		_, err = tx.ExecContext(ctx, cols+`VALUES (?, ?, 0, ?, ?, ?, ?, ?)`,
			g.guild, m.User, m.Amount, m.Reason.String(), g.id, seqArg, s.now())
	case ReasonEscrowRelease:
		if m.Amount == 0 {
			// Everything held, and no row at all when nothing is.
			_, err = tx.ExecContext(ctx, cols+`SELECT guild, user_id, 0, -amount, ?, game_id, ?, ?
				FROM escrow WHERE game_id = ? AND guild = ? AND user_id = ?`,
				m.Reason.String(), seqArg, s.now(), g.id, g.guild, m.User)
		} else {
			_, err = tx.ExecContext(ctx, cols+`VALUES (?, ?, 0, ?, ?, ?, ?, ?)`,
				g.guild, m.User, -m.Amount, m.Reason.String(), g.id, seqArg, s.now())
		}
	case ReasonAnte, ReasonStake:
		// Paying from the game's own hold first is what escrow is for: a player whose
		// chips are all held for this game can still pay what they lose in it.
		// Written in the common dialect: no two-argument MIN, and ?3 typed for PostgreSQL.
		_, err = tx.ExecContext(ctx, cols+`SELECT ?1, ?2, -a, -CASE WHEN h < a THEN h ELSE a END, ?4, ?5, ?6, ?7
			FROM (SELECT CAST(?3 AS BIGINT) AS a, COALESCE((SELECT amount FROM escrow
				WHERE game_id = ?5 AND guild = ?1 AND user_id = ?2), 0) AS h) AS m`,
			g.guild, m.User, m.Amount, m.Reason.String(), g.id, seqArg, s.now())
	}
	return err
}

// insufficient builds the error for a refused debit or hold, reading what the player has
// now (the failed statement changed nothing).
func (s *Store) insufficient(ctx context.Context, tx *sql.Tx, g *gameChips, m ChipMove) error {
	var balance, held, hold int64
	if err := tx.QueryRowContext(ctx, `SELECT balance, held, COALESCE((SELECT amount FROM escrow
			WHERE game_id = ? AND guild = b.guild AND user_id = b.user_id), 0)
		FROM balances b WHERE guild = ? AND user_id = ?`, g.id, g.guild, m.User).Scan(&balance, &held, &hold); err != nil {
		return fmt.Errorf("store: load player: %w", err)
	}
	need := m.Amount
	if m.Reason == ReasonAnte || m.Reason == ReasonStake {
		need -= min(hold, m.Amount)
	}
	return &InsufficientChipsError{Guild: g.guild, User: m.User, Need: need, Free: balance - held}
}

// unguardedMoves is the context key that lets tryMove skip its savepoint.
type unguardedMoves struct{}

// errGuardMoves says that a movement failed without a savepoint on PostgreSQL: the
// transaction is aborted, and its batch must run again with guarded movements.
var errGuardMoves = errors.New("store: chip movement failed unguarded")
