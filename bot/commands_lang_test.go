package bot_test

import (
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/internal/e2e"
)

// TestEveryCommandIsRegisteredInEveryLanguage reads the commands the bot
// registered with the fake Discord (which checks names, lengths and locales
// as Discord does): every command, subcommand, option and choice of the
// real games carries its German text, so a German client shows no English.
func TestEveryCommandIsRegisteredInEveryLanguage(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	cmds := w.Srv.Commands(w.Guild.ID())
	if len(cmds) == 0 {
		cmds = w.Srv.Commands("")
	}
	if len(cmds) < 4 {
		t.Fatalf("%d commands registered, want at least /cardbot, /chips, /laro, /laus", len(cmds))
	}
	for _, c := range cmds {
		if c.DescriptionLocalizations == nil || (*c.DescriptionLocalizations)[discordgo.German] == "" {
			t.Errorf("/%s has no German description", c.Name)
		}
		checkOptions(t, "/"+c.Name, c.Options)
	}
	if got := germanName(cmds, "laro", "new"); got != "neu" {
		t.Errorf("/laro new reads /laro %s in German, want neu", got)
	}
}

func checkOptions(t *testing.T, path string, opts []*discordgo.ApplicationCommandOption) {
	t.Helper()
	for _, o := range opts {
		p := path + " " + o.Name
		if o.DescriptionLocalizations[discordgo.German] == "" {
			t.Errorf("%s has no German description", p)
		}
		for _, ch := range o.Choices {
			if ch.NameLocalizations[discordgo.German] == "" {
				t.Errorf("%s choice %v has no German label", p, ch.Value)
			}
		}
		checkOptions(t, p, o.Options)
	}
}

// germanName is the German name of subcommand sub of command cmd, or its
// own name when it has none.
func germanName(cmds []*discordgo.ApplicationCommand, cmd, sub string) string {
	for _, c := range cmds {
		for _, o := range c.Options {
			if c.Name == cmd && o.Name == sub {
				if n := o.NameLocalizations[discordgo.German]; n != "" {
					return n
				}
				return o.Name
			}
		}
	}
	return ""
}
