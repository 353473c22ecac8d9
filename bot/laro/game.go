package laro

import (
	"context"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/catalog"
	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// Option limits of /laro new, enforced by Discord's client and checked
// again by newTable, since a forged interaction skips the client.
const (
	minStake, maxStake             = 0, 1000
	minAnte, maxAnte               = 0, 10000
	minClaimWindow, maxClaimWindow = 0, 15 // seconds
)

// Defaults for options a player leaves out.
const (
	defaultStake       = 1
	defaultAnte        = 10
	defaultClaimWindow = 3 // seconds (rules.DefaultMinWindow)
)

// Game is Laro on Discord: the /laro command and every Laro table.
type Game struct{ env *table.Env }

// New makes the Laro game on the tables' shared environment.
func New(env *table.Env) ui.Module { return &Game{env: env} }

// entry is what Laro registers in the catalog of games.
var entry = catalog.Entry{Kind: store.KindLaro, Title: "Laro", Noun: "game", Colour: 0x2b7a78, // lang:keep — the game's name
	Settings: serverSettings, Faces: Faces(), RetiredFaces: retiredFaceKeys()}

// Entry is Laro's entry in the catalog of games; its kind is "laro".
func (g *Game) Entry() catalog.Entry { return entry }

// Command is the /laro slash command.
func (g *Game) Command() *discordgo.ApplicationCommand {
	return ui.GuildCommand("laro",
		ui.Subcommand("new", StakeOption(), AnteOption(), ClaimWindowOption(), table.TurnTimerOption(), table.ThreadOption()),
		ui.Subcommand("rules"),
		ui.Subcommand("stats", ui.UserOption("player", false)),
		ui.Subcommand("history", ui.UserOption("player", false)),
		ui.Subcommand("replay", ui.StringOption("game", true, true, 32)),
	)
}

// HandleCommand answers /laro new, rules, stats, history and replay.
func (g *Game) HandleCommand(ctx context.Context, in *ui.Input) *ui.Reply {
	switch in.Subcommand {
	case "new":
		return g.newTable(ctx, in)
	case "rules":
		return g.rules(in)
	case "stats":
		return g.stats(ctx, in)
	case "history":
		return g.looking(in.Lang()).History(ctx, in)
	case "replay":
		return g.looking(in.Lang()).ReplayCommand(ctx, in)
	}
	return ui.EphemeralText(in.Lang().T("laro.unknown_command"))
}
