package laus

import (
	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/catalog"
	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// TargetOption is the target option of /laus new, which a server may also
// set a default for with /cardbot settings (as laus_target).
func TargetOption(name string) *discordgo.ApplicationCommandOption {
	return ui.IntOption(name, minTarget, maxTarget)
}

// CheckTarget says, in English, why v is not a valid match target, or
// returns "" (catalog.Setting's Check; /laus new answers in the clicker's
// language through checkTarget).
func CheckTarget(v int64) string { return checkTarget(lang.English, v) }

// checkTarget says in l why v is not a valid match target, or returns "".
func checkTarget(l lang.Lang, v int64) string {
	if v < minTarget || v > maxTarget {
		return l.T("laus.limits.target", "Min", minTarget, "Max", maxTarget)
	}
	return ""
}

// DefaultTarget is the bot's own match target, for /cardbot settings to
// show where a server has set none.
const DefaultTarget = defaultTarget

// targetSetting is Laus's server default in /cardbot settings, read by
// /laus new, named and refused in the language of the member who asked.
var targetSetting = catalog.Setting{Option: TargetOption("laus_target"), Check: CheckTarget, CheckIn: checkTarget,
	Words: targetWords, Default: DefaultTarget, Key: store.GameSetting{Kind: store.KindLaus, Name: "laus_target"}}

// serverSettings are Laus's server defaults in /cardbot settings.
var serverSettings = []catalog.Setting{targetSetting}

// targetWords are the target's name and unit on the settings page, in l.
func targetWords(l lang.Lang) (label, unit string) {
	return l.T("laus.limits.target_label"), l.T("laus.limits.target_unit")
}
