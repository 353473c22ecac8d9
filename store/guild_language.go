package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// GuildLanguage is the language of a server's public messages: Chosen is
// what /cardbot settings set ("" follows Discord), Discord the server's
// Discord locale as last seen ("" never seen).
type GuildLanguage struct {
	Guild   string
	Chosen  string
	Discord string
}

// GuildLanguage returns a server's language setting; the zero setting (with
// Guild set) when nothing is stored.
func (s *Store) GuildLanguage(ctx context.Context, guild string) (GuildLanguage, error) {
	g := GuildLanguage{Guild: guild}
	err := s.readTx(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, `SELECT chosen, discord FROM guild_languages WHERE guild = ?`, guild).
			Scan(&g.Chosen, &g.Discord)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		return err
	})
	if err != nil {
		return GuildLanguage{}, fmt.Errorf("store: language of guild %s: %w", guild, err)
	}
	return g, nil
}

// ChooseGuildLanguage records user's choice of a server's language ("" to
// follow Discord's server locale again).
func (s *Store) ChooseGuildLanguage(ctx context.Context, guild, user, chosen string) error {
	if guild == "" || user == "" {
		return fmt.Errorf("%w: a language choice needs a guild and who makes it", ErrInvalid)
	}
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO guild_languages (guild, chosen, updated_by, updated_at)
			VALUES (?, ?, ?, ?) ON CONFLICT (guild) DO UPDATE SET chosen = excluded.chosen,
			updated_by = excluded.updated_by, updated_at = excluded.updated_at`, guild, chosen, user, s.now())
		return err
	})
	if err != nil {
		return fmt.Errorf("store: choose the language of guild %s: %w", guild, err)
	}
	return nil
}

// NoteGuildLocale records the Discord locale a server's interactions carry,
// so that its tables speak it after a restart before anyone clicks.
func (s *Store) NoteGuildLocale(ctx context.Context, guild, locale string) error {
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO guild_languages (guild, discord, updated_at)
			VALUES (?, ?, ?) ON CONFLICT (guild) DO UPDATE SET discord = excluded.discord`, guild, locale, s.now())
		return err
	})
	if err != nil {
		return fmt.Errorf("store: note the locale of guild %s: %w", guild, err)
	}
	return nil
}
