package laro

import (
	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/catalog"
	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// The options of /laro new that a server may also set defaults for with
// /cardbot settings: one definition and one check each, so both commands
// take the same values.

// StakeOption is the stake option.
func StakeOption() *discordgo.ApplicationCommandOption {
	return ui.IntOption("stake", minStake, maxStake)
}

// AnteOption is the ante option.
func AnteOption() *discordgo.ApplicationCommandOption {
	return ui.IntOption("ante", minAnte, maxAnte)
}

// ClaimWindowOption is the claim_window option (seconds).
func ClaimWindowOption() *discordgo.ApplicationCommandOption {
	return ui.IntOption("claim_window", minClaimWindow, maxClaimWindow)
}

// CheckStake says in English why v is not a valid stake, or returns "".
func CheckStake(v int64) string { return StakeRefusal(lang.English, v) }

// CheckAnte says in English why v is not a valid ante, or returns "".
func CheckAnte(v int64) string { return AnteRefusal(lang.English, v) }

// CheckClaimWindow says in English why v seconds is not a valid claim
// window, or returns "".
func CheckClaimWindow(v int64) string { return ClaimWindowRefusal(lang.English, v) }

// StakeRefusal says in l why v is not a valid stake, or returns "".
func StakeRefusal(l lang.Lang, v int64) string {
	return outOf(l, "laro.limits.stake", v, minStake, maxStake)
}

// AnteRefusal says in l why v is not a valid ante, or returns "".
func AnteRefusal(l lang.Lang, v int64) string {
	return outOf(l, "laro.limits.ante", v, minAnte, maxAnte)
}

// ClaimWindowRefusal says in l why v seconds is not a valid claim window,
// or returns "".
func ClaimWindowRefusal(l lang.Lang, v int64) string {
	return outOf(l, "laro.limits.claim_window", v, minClaimWindow, maxClaimWindow)
}

// outOf is message id, in l, when v is outside lo..hi; "" inside.
func outOf(l lang.Lang, id string, v, lo, hi int64) string {
	if v < lo || v > hi {
		return l.T(id, "Min", lo, "Max", hi)
	}
	return ""
}

// The bot's own defaults for /laro new, for /cardbot settings to show
// where a server has set none.
const (
	DefaultStake        = defaultStake
	DefaultAnte         = defaultAnte
	DefaultClaimWindowS = defaultClaimWindow
)

// Laro's server defaults in /cardbot settings, read by /laro new. Their
// words on the settings page and their refusals are the catalogue's, in the
// reader's language (Words, CheckIn); Label and Unit are the English.
var (
	stakeSetting = catalog.Setting{Option: StakeOption(), Check: CheckStake, CheckIn: StakeRefusal,
		Label: lang.English.T("laro.limits.stake_label"), Default: DefaultStake, Unit: " " + lang.English.T("laro.limits.stake_unit"),
		Words: words("laro.limits.stake_label", "laro.limits.stake_unit"),
		Key:   store.GameSetting{Kind: store.KindLaro, Name: "stake"}}
	anteSetting = catalog.Setting{Option: AnteOption(), Check: CheckAnte, CheckIn: AnteRefusal,
		Label: lang.English.T("laro.limits.ante_label"), Default: DefaultAnte, Unit: " " + lang.English.T("laro.limits.ante_unit"),
		Words: words("laro.limits.ante_label", "laro.limits.ante_unit"),
		Key:   store.GameSetting{Kind: store.KindLaro, Name: "ante"}}
	claimWindowSetting = catalog.Setting{Option: ClaimWindowOption(), Check: CheckClaimWindow, CheckIn: ClaimWindowRefusal,
		Label: lang.English.T("laro.limits.claim_window_label"), Default: DefaultClaimWindowS, Unit: " s",
		Words: func(l lang.Lang) (string, string) { return l.T("laro.limits.claim_window_label"), " s" },
		Key:   store.GameSetting{Kind: store.KindLaro, Name: "claim_window"}}
	serverSettings = []catalog.Setting{stakeSetting, anteSetting, claimWindowSetting}
)

// words gives a setting's label and unit (after a space) in a language,
// for the settings page its reader sees.
func words(label, unit string) func(l lang.Lang) (string, string) {
	return func(l lang.Lang) (string, string) { return l.T(label), " " + l.T(unit) }
}
