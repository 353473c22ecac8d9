package laus

import (
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/ui"
)

// TargetOption is the target option of /laus new, which a server may also
// set a default for with /cardbot settings, described by desc.
func TargetOption(desc string) *discordgo.ApplicationCommandOption {
	return ui.IntOption("target", desc, minTarget, maxTarget)
}

// CheckTarget says why v is not a valid match target, or returns "".
func CheckTarget(v int64) string {
	if v < minTarget || v > maxTarget {
		return fmt.Sprintf("The target must be between %d and %d points.", minTarget, maxTarget)
	}
	return ""
}
