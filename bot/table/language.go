package table

import (
	"context"
	"sync"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/store"
)

// serverLanguages caches each server's language setting, read from the
// store the first time the server is seen, so that no click reads it.
type serverLanguages struct {
	mu      sync.Mutex
	byGuild map[string]store.GuildLanguage
}

// resolve is the language a setting gives: the server's choice, else the
// Discord locale the server last sent.
func resolve(g store.GuildLanguage) lang.Lang {
	if l, ok := lang.Parse(g.Chosen); ok {
		return l
	}
	return lang.Of(discordgo.Locale(g.Discord))
}

// cached returns guild's setting, loading it on a miss. A store that
// cannot answer gives the empty setting for now (English, or the locale
// at hand) and is asked again next time.
func (e *Env) cachedLanguage(ctx context.Context, guild string) store.GuildLanguage {
	e.langs.mu.Lock()
	g, ok := e.langs.byGuild[guild]
	e.langs.mu.Unlock()
	if ok {
		return g
	}
	g, err := e.Store.GuildLanguage(ctx, guild)
	if err != nil {
		e.Log.Warn("reading a server's language", "guild", guild, "err", err)
		return store.GuildLanguage{Guild: guild}
	}
	e.storeLanguage(g)
	return g
}

// ServerLang is the language of guild's public messages: tables rebuilt
// after a restart, timers and anything else that has no interaction at
// hand ask here.
func (e *Env) ServerLang(ctx context.Context, guild string) lang.Lang {
	return resolve(e.cachedLanguage(ctx, guild))
}

// HeardGuild notes the Discord locale an interaction from guild carries and
// returns the server's public language. The locale is written to the store
// only when it differs from the one kept (a server that changes its
// language), so that a restart finds it.
func (e *Env) HeardGuild(ctx context.Context, guild string, locale discordgo.Locale) lang.Lang {
	g := e.cachedLanguage(ctx, guild)
	if locale != "" && string(locale) != g.Discord {
		if err := e.Store.NoteGuildLocale(ctx, guild, string(locale)); err != nil {
			e.Log.Warn("noting a server's locale", "guild", guild, "err", err)
		} else {
			g.Discord = string(locale)
			e.storeLanguage(g)
		}
	}
	return resolve(g)
}

// ChooseServerLang records a /cardbot settings choice of guild's language
// ("" follows Discord's server locale again).
func (e *Env) ChooseServerLang(ctx context.Context, guild, user, code string) error {
	g := e.cachedLanguage(ctx, guild)
	if err := e.Store.ChooseGuildLanguage(ctx, guild, user, code); err != nil {
		return err
	}
	g.Chosen = code
	e.storeLanguage(g)
	return nil
}

// ServerLangChoice is guild's /cardbot settings choice ("" when it follows
// Discord).
func (e *Env) ServerLangChoice(ctx context.Context, guild string) string {
	return e.cachedLanguage(ctx, guild).Chosen
}

// storeLanguage keeps g as its server's setting in the cache.
func (e *Env) storeLanguage(g store.GuildLanguage) {
	e.langs.mu.Lock()
	defer e.langs.mu.Unlock()
	if e.langs.byGuild == nil {
		e.langs.byGuild = map[string]store.GuildLanguage{}
	}
	e.langs.byGuild[g.Guild] = g
}
