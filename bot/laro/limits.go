package laro

import (
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/catalog"
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

// CheckStake says why v is not a valid stake, or returns "".
func CheckStake(v int64) string {
	if v < minStake || v > maxStake {
		return fmt.Sprintf("The stake must be between %d and %d chips per point.", minStake, maxStake)
	}
	return ""
}

// CheckAnte says why v is not a valid ante, or returns "".
func CheckAnte(v int64) string {
	if v < minAnte || v > maxAnte {
		return fmt.Sprintf("The ante must be between %d and %d chips.", minAnte, maxAnte)
	}
	return ""
}

// CheckClaimWindow says why v seconds is not a valid claim window, or returns "".
func CheckClaimWindow(v int64) string {
	if v < minClaimWindow || v > maxClaimWindow {
		return fmt.Sprintf("The claim window must be between %d and %d seconds.", minClaimWindow, maxClaimWindow)
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

// Laro's server defaults in /cardbot settings, read by /laro new.
var (
	stakeSetting = catalog.Setting{Option: StakeOption(), Check: CheckStake,
		Label: "Stake (Laro)", Default: DefaultStake, Unit: " chips per point",
		Key: store.GameSetting{Kind: store.KindLaro, Name: "stake"}}
	anteSetting = catalog.Setting{Option: AnteOption(), Check: CheckAnte,
		Label: "Ante (Laro)", Default: DefaultAnte, Unit: " chips",
		Key: store.GameSetting{Kind: store.KindLaro, Name: "ante"}}
	claimWindowSetting = catalog.Setting{Option: ClaimWindowOption(), Check: CheckClaimWindow,
		Label: "Claim window (Laro)", Default: DefaultClaimWindowS, Unit: " s",
		Key: store.GameSetting{Kind: store.KindLaro, Name: "claim_window"}}
	serverSettings = []catalog.Setting{stakeSetting, anteSetting, claimWindowSetting}
)
