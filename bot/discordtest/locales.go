package discordtest

import "github.com/bwmarrin/discordgo"

// SetLocale sets the language of u's Discord client, which Discord sends as
// locale with every interaction u starts (en-US until set).
func (u *User) SetLocale(l discordgo.Locale) {
	u.s.mu.Lock()
	defer u.s.mu.Unlock()
	u.locale = l
}

// SetLocale sets g's preferred locale (Server Settings → Community →
// Server Primary Language), which Discord sends as guild_locale with every
// interaction in g (en-US until set).
func (g *Guild) SetLocale(l discordgo.Locale) {
	g.s.mu.Lock()
	defer g.s.mu.Unlock()
	g.locale = l
}

// localesLocked is what an interaction by u in g carries as locale and
// guild_locale.
func localesLocked(u *User, g *Guild) (user, guild discordgo.Locale) {
	user, guild = u.locale, g.locale
	if user == "" {
		user = discordgo.EnglishUS
	}
	if guild == "" {
		guild = discordgo.EnglishUS
	}
	return user, guild
}
