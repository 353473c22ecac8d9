package highcard

import (
	"context"
	"encoding/json"
	"github.com/cardbot/cardbot/bot/lang"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/catalog"
	"github.com/cardbot/cardbot/bot/help"
	"github.com/cardbot/cardbot/bot/history"
	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// Kind is the game's kind: its name in the store, custom_ids and its command.
const Kind store.Kind = "highcard"

// entry is what High card registers in the catalog of games.
var entry = catalog.Entry{Kind: Kind, Title: "High card", Noun: "game", Colour: 0x4a6fa5, Faces: faces(),
	Settings: []catalog.Setting{stakeSetting}}

var guide = help.Guide{Game: string(Kind), Title: "High card", Color: entry.Colour, Pages: []help.Page{{
	Title: "How a game goes",
	Body:  "Everyone gets three cards. In seat order, each plays one with its button on their hand. The highest card played wins the pot.",
}}}

// Game is High card on Discord: the /highcard command and its tables.
type Game struct{ env *table.Env }

// New makes the game on the tables' shared environment: the one line a
// test adds to the bot's modules.
func New(env *table.Env) ui.Module { return &Game{env: env} }

// Entry is High card's entry in the catalog of games.
func (g *Game) Entry() catalog.Entry { return entry }

// Command is the /highcard slash command.
func (g *Game) Command() *discordgo.ApplicationCommand {
	return described(ui.GuildCommand(string(Kind),
		ui.Subcommand("new",
			ui.IntOption("stake", 0, maxStake),
			table.TurnTimerOption(),
		),
		ui.Subcommand("history", ui.UserOption("player", false)),
		ui.Subcommand("replay", ui.StringOption("game", true, true, 32)),
	))
}

// HandleCommand answers /highcard new, history and replay.
func (g *Game) HandleCommand(ctx context.Context, in *ui.Input) *ui.Reply {
	switch in.Subcommand {
	case "new":
		return g.newTable(ctx, in)
	case "history":
		return g.looking().History(ctx, in)
	case "replay":
		return g.looking().ReplayCommand(ctx, in)
	}
	return ui.EphemeralText("That command is not known to this version of cardbot.")
}

// OwnsComponent reports whether a click is on a history page, a replay or
// the How to play pages, which belong to no table.
func (g *Game) OwnsComponent(id ui.ComponentID) bool {
	return help.Owns(id) || g.looking().OwnsComponent(id)
}

// HandleComponent answers those clicks.
func (g *Game) HandleComponent(ctx context.Context, in *ui.Input) *ui.Reply {
	if help.Owns(in.Component) {
		return guide.Turn(in)
	}
	return g.looking().HandleComponent(ctx, in)
}

// Autocomplete offers the caller's latest finished games for /highcard replay.
func (g *Game) Autocomplete(ctx context.Context, in *ui.Input) []*discordgo.ApplicationCommandOptionChoice {
	return g.looking().Autocomplete(ctx, in)
}

// looking is the game's history and replay, drawn by the shared history package.
func (g *Game) looking() history.Module {
	return history.Module{
		Kind: entry, Games: g.env.Games, Store: g.env.Store, Log: g.env.Log,
		Line: func(context.Context, string) func(store.HistoryEntry) string {
			return func(e store.HistoryEntry) string {
				return "`" + e.Game.ID + "` · " + history.Date(e.Game.CreatedAt) + " · " + history.PlayersIn(lang.English, len(e.Game.Seats)) + " · " + history.ChipsIn(lang.English, e.Net)
			}
		},
		ChoiceName: func(e store.HistoryEntry) string {
			return "#" + e.Game.ID + " · " + history.ChoiceDate(e.Game.CreatedAt)
		},
		Replay: replay,
	}
}

// settings is a table's configuration, stored as its game's settings JSON.
type settings struct {
	Stake      int64 `json:"stake"`
	TurnTimerS int64 `json:"turn_timer_s"`
	GameNo     int   `json:"game_no"`
}

func (s settings) marshal() json.RawMessage {
	b, _ := json.Marshal(s) // a struct of ints always marshals
	return b
}
