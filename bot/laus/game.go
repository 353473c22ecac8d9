package laus

import (
	"context"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/catalog"
	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// Limits and default of the match target, enforced by Discord's client and
// checked again by newTable, since a forged interaction skips the client.
const (
	minTarget, maxTarget = 100, 100000
	defaultTarget        = 1500
)

// Game is Laus on Discord: the /laus command and every Laus table.
type Game struct{ env *table.Env }

// New makes the Laus game on the tables' shared environment.
func New(env *table.Env) ui.Module { return &Game{env: env} }

// entry is what Laus registers in the catalog of games.
var entry = catalog.Entry{Kind: store.KindLaus, Title: "Laus", Noun: "match", Colour: lausColor, // lang:keep — the game's name
	Settings: serverSettings, Faces: Faces(), RetiredFaces: retiredFaceKeys()}

// Entry is Laus's entry in the catalog of games; its kind is "laus".
func (g *Game) Entry() catalog.Entry { return entry }

// Command is the /laus slash command.
func (g *Game) Command() *discordgo.ApplicationCommand {
	return ui.GuildCommand("laus",
		ui.Subcommand("new", TargetOption("target"), table.TurnTimerOption(), table.ThreadOption()),
		ui.Subcommand("scoreboard"),
		ui.Subcommand("rules"),
		ui.Subcommand("history", ui.UserOption("player", false)),
		ui.Subcommand("replay", ui.StringOption("match", true, true, 32)),
	)
}

// HandleCommand answers /laus new, scoreboard, rules, history and replay.
func (g *Game) HandleCommand(ctx context.Context, in *ui.Input) *ui.Reply {
	switch in.Subcommand {
	case "new":
		return g.newTable(ctx, in)
	case "scoreboard":
		return g.scoreboard(ctx, in)
	case "rules":
		return g.rules(in.Lang())
	case "history":
		return g.looking(in.Lang()).History(ctx, in)
	case "replay":
		return g.looking(in.Lang()).ReplayCommand(ctx, in)
	}
	return ui.EphemeralText(in.Lang().T("laus.unknown_command"))
}
