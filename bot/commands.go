package bot

import "github.com/bwmarrin/discordgo"

// Option limits, enforced by Discord's client before a command is sent and
// checked again by the handlers, since a forged interaction skips the client.
const (
	minStake, maxStake             = 0, 1000
	minAnte, maxAnte               = 0, 10000
	minClaimWindow, maxClaimWindow = 0, 15   // seconds
	minTurnTimer, maxTurnTimer     = 15, 600 // seconds
	maxGrant                       = 1_000_000
	minTarget, maxTarget           = 100, 100000
)

// Defaults for options a player leaves out.
const (
	defaultStake       = 1
	defaultAnte        = 10
	defaultClaimWindow = 3  // seconds, as the rules say
	defaultTurnTimer   = 90 // seconds
	defaultTarget      = 1500
)

// manageGuild is the Manage Server permission bit.
const manageGuild int64 = discordgo.PermissionManageGuild

func floatPtr(f float64) *float64 { return &f }

func intOption(name, desc string, lo, hi int) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionInteger, Name: name, Description: desc,
		MinValue: floatPtr(float64(lo)), MaxValue: float64(hi),
	}
}

func subcommand(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, Description: desc, Options: opts,
	}
}

func userOption(name, desc string, required bool) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionUser, Name: name, Description: desc, Required: required,
	}
}

// Commands is every slash command the bot offers, registered at start with
// one bulk overwrite (which also removes commands an older build had).
func Commands() []*discordgo.ApplicationCommand {
	noDM := false
	return []*discordgo.ApplicationCommand{
		{
			Name: "laro", Description: "Laro: race to three clusters, shout LARO! to grab a discard", DMPermission: &noDM,
			Options: []*discordgo.ApplicationCommandOption{
				subcommand("new", "Open a Laro table in this channel",
					intOption("stake", "Chips each loser pays per point the winner scores (default 1)", minStake, maxStake),
					intOption("ante", "Chips each player puts in the pot (default 10)", minAnte, maxAnte),
					intOption("claim_window", "Seconds everyone has to call LARO! on a discard (default 3)", minClaimWindow, maxClaimWindow),
					intOption("turn_timer", "Seconds a player has for a turn before it is played for them (default 90)", minTurnTimer, maxTurnTimer),
				),
				subcommand("rules", "How to play Laro"),
				subcommand("stats", "Laro results of a player in this server", userOption("player", "Whose stats (default: you)", false)),
			},
		},
		{
			Name: "laus", Description: "Laus: a trick-taking game where the highest total loses", DMPermission: &noDM,
			Options: []*discordgo.ApplicationCommandOption{
				subcommand("new", "Open a Laus table in this channel (3 or 4 players)",
					intOption("target", "The total that ends the match (default 1500)", minTarget, maxTarget),
					intOption("turn_timer", "Seconds a player has for a turn before it is played for them (default 90)", minTurnTimer, maxTurnTimer),
				),
				subcommand("scoreboard", "This channel's Laus match and the server's all-time table"),
				subcommand("rules", "How to play Laus"),
			},
		},
		{
			Name: "chips", Description: "Your chips in this server", DMPermission: &noDM,
			Options: []*discordgo.ApplicationCommandOption{
				subcommand("balance", "Show a chip balance", userOption("player", "Whose balance (default: you)", false)),
				subcommand("daily", "Collect your daily chip bonus"),
				subcommand("leaderboard", "The richest players in this server"),
				subcommand("grant", "Give or take chips (needs Manage Server)",
					userOption("player", "Who gets the chips", true),
					&discordgo.ApplicationCommandOption{
						Type: discordgo.ApplicationCommandOptionInteger, Name: "amount", Required: true,
						Description: "How many chips (negative to take away)",
						MinValue:    floatPtr(-maxGrant), MaxValue: maxGrant,
					},
				),
			},
		},
	}
}
