package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// GuildSettings are a server's defaults for new tables, set with /cardbot settings.
// A nil field is not set: the bot's own default applies. An option given when a
// table is opened wins over both.
type GuildSettings struct {
	Guild        string
	Stake        *int64 // Laro: chips per point
	Ante         *int64 // Laro: chips each player puts in the pot
	ClaimWindowS *int64 // Laro: seconds to call LARO!
	TurnTimerS   *int64 // both games: seconds per turn
	LausTarget   *int64 // Laus: the total that ends a match
	Threads      *bool  // both games: play each game in a thread of its own
	TurnNoticeS  *int64 // both games: seconds before a player is pinged on their turn (-1: never)
	UpdatedBy    string // who last changed them
	UpdatedAt    time.Time
	// Reset names settings to clear in an update, so that cardbot's own default
	// applies again (see SettingNames). A value set in the same update wins.
	Reset []string
}

// SettingNames are the names of the settings, as /cardbot settings calls them.
var SettingNames = []string{"stake", "ante", "claim_window", "turn_timer", "laus_target", "threads", "turn_notice"}

// GuildSettings returns a server's defaults for new tables; ErrNotFound if nobody
// has set any there.
func (s *Store) GuildSettings(ctx context.Context, guild string) (GuildSettings, error) {
	var g GuildSettings
	err := s.readTx(ctx, func(tx *sql.Tx) error {
		var err error
		g, err = loadGuildSettings(ctx, tx, guild)
		return err
	})
	return g, err
}

// UpdateGuildSettings sets the fields of change that are not nil, keeps the others
// as they were, records user as who changed them, and returns the settings now in
// force. Every field is written in one transaction: all or none.
func (s *Store) UpdateGuildSettings(ctx context.Context, user string, change GuildSettings) (GuildSettings, error) {
	if change.Guild == "" || user == "" {
		return GuildSettings{}, fmt.Errorf("%w: guild settings need a guild and who changes them", ErrInvalid)
	}
	var out GuildSettings
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		cur, err := loadGuildSettings(ctx, tx, change.Guild)
		if err != nil && !errors.Is(err, ErrNotFound) {
			return err
		}
		cur.Guild = change.Guild
		if err := cur.reset(change.Reset); err != nil {
			return err
		}
		for _, f := range []struct{ to, from **int64 }{
			{&cur.Stake, &change.Stake}, {&cur.Ante, &change.Ante}, {&cur.ClaimWindowS, &change.ClaimWindowS},
			{&cur.TurnTimerS, &change.TurnTimerS}, {&cur.LausTarget, &change.LausTarget},
			{&cur.TurnNoticeS, &change.TurnNoticeS},
		} {
			if *f.from != nil {
				*f.to = *f.from
			}
		}
		if change.Threads != nil {
			cur.Threads = change.Threads
		}
		cur.UpdatedBy, cur.UpdatedAt = user, msTime(s.now())
		var threads sql.NullInt64
		if cur.Threads != nil {
			threads = sql.NullInt64{Valid: true}
			if *cur.Threads {
				threads.Int64 = 1
			}
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO guild_settings
			(guild, stake, ante, claim_window_s, turn_timer_s, laus_target, threads, turn_notice_s, updated_by, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (guild) DO UPDATE SET stake = excluded.stake, ante = excluded.ante,
				claim_window_s = excluded.claim_window_s, turn_timer_s = excluded.turn_timer_s,
				laus_target = excluded.laus_target, threads = excluded.threads, turn_notice_s = excluded.turn_notice_s,
				updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
			cur.Guild, cur.Stake, cur.Ante, cur.ClaimWindowS, cur.TurnTimerS, cur.LausTarget, threads, cur.TurnNoticeS,
			cur.UpdatedBy, cur.UpdatedAt.UnixMilli())
		if err != nil {
			return fmt.Errorf("store: update guild settings: %w", err)
		}
		out = cur
		return nil
	})
	if err != nil {
		return GuildSettings{}, err
	}
	return out, nil
}

func loadGuildSettings(ctx context.Context, tx *sql.Tx, guild string) (GuildSettings, error) {
	g := GuildSettings{Guild: guild}
	var stake, ante, claim, turn, target, threads, notice sql.NullInt64
	var at int64
	err := tx.QueryRowContext(ctx, `SELECT stake, ante, claim_window_s, turn_timer_s, laus_target, threads,
		turn_notice_s, updated_by, updated_at FROM guild_settings WHERE guild = ?`, guild).
		Scan(&stake, &ante, &claim, &turn, &target, &threads, &notice, &g.UpdatedBy, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return g, fmt.Errorf("store: settings of guild %s: %w", guild, ErrNotFound)
	}
	if err != nil {
		return GuildSettings{}, fmt.Errorf("store: guild settings: %w", err)
	}
	g.Stake, g.Ante, g.ClaimWindowS = nullInt(stake), nullInt(ante), nullInt(claim)
	g.TurnTimerS, g.LausTarget, g.TurnNoticeS = nullInt(turn), nullInt(target), nullInt(notice)
	if threads.Valid {
		on := threads.Int64 == 1
		g.Threads = &on
	}
	g.UpdatedAt = msTime(at)
	return g, nil
}

func nullInt(n sql.NullInt64) *int64 {
	if !n.Valid {
		return nil
	}
	return &n.Int64
}

// reset clears the named settings.
func (g *GuildSettings) reset(names []string) error {
	for _, n := range names {
		switch n {
		case "stake":
			g.Stake = nil
		case "ante":
			g.Ante = nil
		case "claim_window":
			g.ClaimWindowS = nil
		case "turn_timer":
			g.TurnTimerS = nil
		case "laus_target":
			g.LausTarget = nil
		case "threads":
			g.Threads = nil
		case "turn_notice":
			g.TurnNoticeS = nil
		default:
			return fmt.Errorf("%w: no setting %q", ErrInvalid, n)
		}
	}
	return nil
}
