package catalog

import (
	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/store"
)

// A Setting is one of a game's server defaults for new tables, which
// /cardbot settings shows and changes. Settings every game shares (the turn
// timer, threads, turn notices) belong to no entry: /cardbot settings has
// them itself.
type Setting struct {
	// Option is the setting's option of /cardbot settings, with the range
	// Discord's client enforces.
	Option *discordgo.ApplicationCommandOption
	// Check says why a value is refused ("" if it is not), since a forged
	// request skips the client's range.
	Check func(int64) string
	// Label names it on the settings page: "Stake (Laro)".
	Label string
	// Default is the value the game uses where a server has set none, and
	// Unit follows a value on the page: " chips per point".
	Default int64
	Unit    string
	// Words, when set, gives Label and Unit in a language, and CheckIn
	// Check's refusal: the page and its refusals are read by the member
	// who asked, in their language. Unset, the English above is shown.
	Words   func(l lang.Lang) (label, unit string)
	CheckIn func(l lang.Lang, v int64) string
	// Key is where the store keeps a server's value: the game's kind and the
	// option's name (store.GuildSettings.Games), so that a game brings its
	// settings with no change to the store or to /cardbot settings.
	Key store.GameSetting
}

// Value is the server's value of the setting in g, or nil where it has set
// none.
func (s Setting) Value(g store.GuildSettings) *int64 { return g.Game(s.Key) }

// LabelIn is the setting's name and unit on the settings page, in l.
func (s Setting) LabelIn(l lang.Lang) (label, unit string) {
	if s.Words != nil {
		return s.Words(l)
	}
	return s.Label, s.Unit
}

// Refusal says in l why v is refused, or returns "".
func (s Setting) Refusal(l lang.Lang, v int64) string {
	if s.CheckIn != nil {
		return s.CheckIn(l, v)
	}
	return s.Check(v)
}
