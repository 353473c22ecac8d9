package laus

import (
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/catalog"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// TargetOption is the target option of /laus new, which a server may also
// set a default for with /cardbot settings (as laus_target).
func TargetOption(name string) *discordgo.ApplicationCommandOption {
	return ui.IntOption(name, minTarget, maxTarget)
}

// CheckTarget says why v is not a valid match target, or returns "".
func CheckTarget(v int64) string {
	if v < minTarget || v > maxTarget {
		return fmt.Sprintf("The target must be between %d and %d points.", minTarget, maxTarget)
	}
	return ""
}

// DefaultTarget is the bot's own match target, for /cardbot settings to
// show where a server has set none.
const DefaultTarget = defaultTarget

// targetSetting is Laus's server default in /cardbot settings, read by
// /laus new.
var targetSetting = catalog.Setting{Option: TargetOption("laus_target"), Check: CheckTarget,
	Label: "Target (Laus)", Default: DefaultTarget, Unit: " points",
	Key: store.GameSetting{Kind: store.KindLaus, Name: "laus_target"}}

// serverSettings are Laus's server defaults in /cardbot settings.
var serverSettings = []catalog.Setting{targetSetting}
