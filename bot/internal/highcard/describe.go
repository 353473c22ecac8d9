package highcard

import "github.com/bwmarrin/discordgo"

// descriptions are the fixture's command texts. The real games keep theirs
// in the message catalogue (ui.Localized); a test fixture that players never
// see keeps its own, in English only.
var descriptions = map[string]string{
	"highcard":       "High card: the highest card played wins the pot",
	"new":            "Open a High card table in this channel (2 to 4 players)",
	"new.stake":      "Chips each player puts in the pot (default 0)",
	"new.turn_timer": "Seconds a player has for a turn (default 90, or the server's)",
	"history":        "A player's finished High card games",
	"history.player": "Whose games (default: you)",
	"replay":         "Step through a finished High card game",
	"replay.game":    "The game's ID, from /highcard history or the finished table",
}

// described fills cmd's descriptions from descriptions, by each option's
// path below the command.
func described(cmd *discordgo.ApplicationCommand) *discordgo.ApplicationCommand {
	cmd.Description = descriptions[cmd.Name]
	var walk func(prefix string, opts []*discordgo.ApplicationCommandOption)
	walk = func(prefix string, opts []*discordgo.ApplicationCommandOption) {
		for _, o := range opts {
			o.Description = descriptions[prefix+o.Name]
			walk(prefix+o.Name+".", o.Options)
		}
	}
	walk("", cmd.Options)
	return cmd
}
