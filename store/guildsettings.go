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
//
// The settings every game shares are fields; a game's own (Laro's stake, the Laus
// target, any registered game's) are in Games, keyed by the game's kind and the
// setting's name, so that a game brings its settings without a change here.
type GuildSettings struct {
	Guild       string
	TurnTimerS  *int64 // every game: seconds per turn
	Threads     *bool  // every game: play each game in a thread of its own
	TurnNoticeS *int64 // every game: seconds before a player is pinged on their turn (-1: never)
	// Games are the games' own settings that are set; one missing is not set.
	Games     map[GameSetting]int64
	UpdatedBy string // who last changed them
	UpdatedAt time.Time
	// Reset names shared settings to clear in an update (see SettingNames), and
	// ResetGames games' own, so that cardbot's own default applies again. A value
	// set in the same update wins.
	Reset      []string
	ResetGames []GameSetting
}

// A GameSetting names one game's own server default: the game's kind and the
// setting's name (its option in /cardbot settings, "stake").
type GameSetting struct {
	Kind Kind
	Name string
}

// Game returns the value of a game's own setting, or nil where it is not set.
func (g GuildSettings) Game(k GameSetting) *int64 {
	v, ok := g.Games[k]
	if !ok {
		return nil
	}
	return &v
}

// SetGame sets a game's own setting in g, as a change to store or a value read.
func (g *GuildSettings) SetGame(k GameSetting, v int64) {
	if g.Games == nil {
		g.Games = map[GameSetting]int64{}
	}
	g.Games[k] = v
}

// SettingNames are the names of the settings every game shares, as /cardbot
// settings calls them.
var SettingNames = []string{"turn_timer", "threads", "turn_notice"}

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

// UpdateGuildSettings sets the fields of change that are not nil and the games'
// settings it holds, keeps the others as they were, records user as who changed
// them, and returns the settings now in force. Everything is written in one
// transaction: all or none.
func (s *Store) UpdateGuildSettings(ctx context.Context, user string, change GuildSettings) (GuildSettings, error) {
	if change.Guild == "" || user == "" {
		return GuildSettings{}, fmt.Errorf("%w: guild settings need a guild and who changes them", ErrInvalid)
	}
	for k := range change.Games {
		if err := k.valid(); err != nil {
			return GuildSettings{}, err
		}
	}
	var out GuildSettings
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		cur, err := loadGuildSettings(ctx, tx, change.Guild)
		if err != nil && !errors.Is(err, ErrNotFound) {
			return err
		}
		cur.Guild = change.Guild
		if err := cur.reset(change.Reset, change.ResetGames); err != nil {
			return err
		}
		for _, f := range []struct{ to, from **int64 }{
			{&cur.TurnTimerS, &change.TurnTimerS}, {&cur.TurnNoticeS, &change.TurnNoticeS},
		} {
			if *f.from != nil {
				*f.to = *f.from
			}
		}
		if change.Threads != nil {
			cur.Threads = change.Threads
		}
		for k, v := range change.Games {
			cur.SetGame(k, v)
		}
		cur.UpdatedBy, cur.UpdatedAt = user, msTime(s.now())
		if err := saveGuildSettings(ctx, tx, cur); err != nil {
			return err
		}
		out = cur
		return nil
	})
	if err != nil {
		return GuildSettings{}, err
	}
	return out, nil
}

// saveGuildSettings writes g whole: its shared row, and its games' settings in
// place of those stored.
func saveGuildSettings(ctx context.Context, tx *sql.Tx, g GuildSettings) error {
	var threads sql.NullInt64
	if g.Threads != nil {
		threads = sql.NullInt64{Valid: true}
		if *g.Threads {
			threads.Int64 = 1
		}
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO guild_settings
		(guild, turn_timer_s, threads, turn_notice_s, updated_by, updated_at)
		VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (guild) DO UPDATE SET turn_timer_s = excluded.turn_timer_s,
			threads = excluded.threads, turn_notice_s = excluded.turn_notice_s,
			updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
		g.Guild, g.TurnTimerS, threads, g.TurnNoticeS, g.UpdatedBy, g.UpdatedAt.UnixMilli())
	if err != nil {
		return fmt.Errorf("store: update guild settings: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM guild_game_settings WHERE guild = ?`, g.Guild); err != nil {
		return fmt.Errorf("store: update guild settings: %w", err)
	}
	for k, v := range g.Games {
		if _, err := tx.ExecContext(ctx, `INSERT INTO guild_game_settings (guild, kind, name, value) VALUES (?, ?, ?, ?)`,
			g.Guild, string(k.Kind), k.Name, v); err != nil {
			return fmt.Errorf("store: update guild settings: %w", err)
		}
	}
	return nil
}

func loadGuildSettings(ctx context.Context, tx *sql.Tx, guild string) (GuildSettings, error) {
	g := GuildSettings{Guild: guild}
	var turn, threads, notice sql.NullInt64
	var at int64
	err := tx.QueryRowContext(ctx, `SELECT turn_timer_s, threads, turn_notice_s, updated_by, updated_at
		FROM guild_settings WHERE guild = ?`, guild).
		Scan(&turn, &threads, &notice, &g.UpdatedBy, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return g, fmt.Errorf("store: settings of guild %s: %w", guild, ErrNotFound)
	}
	if err != nil {
		return GuildSettings{}, fmt.Errorf("store: guild settings: %w", err)
	}
	g.TurnTimerS, g.TurnNoticeS = nullInt(turn), nullInt(notice)
	if threads.Valid {
		on := threads.Int64 == 1
		g.Threads = &on
	}
	g.UpdatedAt = msTime(at)
	rows, err := tx.QueryContext(ctx, `SELECT kind, name, value FROM guild_game_settings WHERE guild = ?`, guild)
	if err != nil {
		return GuildSettings{}, fmt.Errorf("store: guild settings: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var k GameSetting
		var v int64
		if err := rows.Scan(&k.Kind, &k.Name, &v); err != nil {
			return GuildSettings{}, fmt.Errorf("store: guild settings: %w", err)
		}
		g.SetGame(k, v)
	}
	if err := rows.Err(); err != nil {
		return GuildSettings{}, fmt.Errorf("store: guild settings: %w", err)
	}
	return g, nil
}

func nullInt(n sql.NullInt64) *int64 {
	if !n.Valid {
		return nil
	}
	return &n.Int64
}

// valid refuses a game setting the store could not tell apart from another.
func (k GameSetting) valid() error {
	if !ValidKind(k.Kind) || k.Name == "" {
		return fmt.Errorf("%w: no game setting %q of %q", ErrInvalid, k.Name, k.Kind)
	}
	return nil
}

// reset clears the named shared settings and the games' settings of games.
func (g *GuildSettings) reset(names []string, games []GameSetting) error {
	for _, n := range names {
		switch n {
		case "turn_timer":
			g.TurnTimerS = nil
		case "threads":
			g.Threads = nil
		case "turn_notice":
			g.TurnNoticeS = nil
		default:
			return fmt.Errorf("%w: no setting %q", ErrInvalid, n)
		}
	}
	for _, k := range games {
		if err := k.valid(); err != nil {
			return err
		}
		delete(g.Games, k)
	}
	return nil
}
