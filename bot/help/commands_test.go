package help

import (
	"regexp"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/internal/golden"
	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/ui"
)

// TestViewsCommands: /cardbot help in every language, as its goldens hold it.
func TestViewsCommands(t *testing.T) {
	for _, l := range lang.All {
		name := "cardbot_help"
		if l != lang.English {
			name += "_" + l.Code()
		}
		golden.CheckPage(t, name, ui.Rendering{Embeds: []*discordgo.MessageEmbed{CommandList(l)}})
	}
}

// TestCommandListNamesTheCommandsAsDiscordShowsThem: each command the
// German help names is the English one's German name, as the command
// picker shows it (ui.Cmd), in the same place.
func TestCommandListNamesTheCommandsAsDiscordShowsThem(t *testing.T) {
	cmd := regexp.MustCompile("`(/[^`]+)`")
	en := cmd.FindAllStringSubmatch(CommandList(lang.English).Description, -1)
	for _, l := range lang.All[1:] {
		other := cmd.FindAllStringSubmatch(CommandList(l).Description, -1)
		if len(other) != len(en) {
			t.Fatalf("%s help names %d commands, English %d", l.Code(), len(other), len(en))
		}
		for i := range en {
			if want := ui.Cmd(l, en[i][1][1:]); other[i][1] != want {
				t.Errorf("%s help names %s where English names %s: want %s", l.Code(), other[i][1], en[i][1], want)
			}
		}
	}
}
