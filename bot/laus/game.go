package laus

import (
	"context"

	"github.com/bwmarrin/discordgo"

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

// Kind is Laus's kind in the store; its name is "laus".
func (g *Game) Kind() store.Kind { return store.KindLaus }

// Command is the /laus slash command.
func (g *Game) Command() *discordgo.ApplicationCommand {
	return ui.GuildCommand("laus", "Laus: a trick-taking game where the highest total loses",
		ui.Subcommand("new", "Open a Laus table in this channel (3 or 4 players)",
			TargetOption("target", "The total that ends the match (default 1500, or the server's)"),
			table.TurnTimerOption("Seconds a player has for a turn before it is played for them (default 90, or the server's)"),
			table.ThreadOption(),
		),
		ui.Subcommand("scoreboard", "This channel's Laus match and the server's all-time table"),
		ui.Subcommand("rules", "How to play Laus"),
	)
}

// HandleCommand answers /laus new, /laus scoreboard and /laus rules.
func (g *Game) HandleCommand(ctx context.Context, in *ui.Input) *ui.Reply {
	switch in.Subcommand {
	case "new":
		return g.newTable(ctx, in)
	case "scoreboard":
		return g.scoreboard(ctx, in)
	case "rules":
		return g.rules()
	}
	return ui.EphemeralText("That command is not known to this version of cardbot.")
}
