package guildsettings_test

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/internal/e2e"
	"github.com/cardbot/cardbot/bot/internal/golden"
	"github.com/cardbot/cardbot/bot/ui"
)

// openLobby has p open a Laro table and returns its lobby once it is
// posted: the channel's newest message with a Join button.
func openLobby(t *testing.T, w *e2e.World, p *e2e.Player) *discordgo.Message {
	t.Helper()
	before := len(w.Ch.Messages())
	r, err := p.U.Slash(w.Ch, "laro new", e2e.QuickOpts(0)...)
	e2e.Answer(t, r, err)
	return waitMessage(t, w, "a new lobby", func(m *discordgo.Message, i int) bool {
		return i >= before && e2e.Button(m, "join", "") != ""
	})
}

// waitMessage waits for the newest channel message that ok accepts (i is
// its place in the channel).
func waitMessage(t *testing.T, w *e2e.World, what string, ok func(m *discordgo.Message, i int) bool) *discordgo.Message {
	t.Helper()
	var found *discordgo.Message
	if _, err := w.Ch.Wait(e2e.Patience, func(ms []*discordgo.Message) bool {
		for i := len(ms) - 1; i >= 0; i-- {
			if ok(ms[i], i) {
				found = ms[i]
				return true
			}
		}
		return false
	}); err != nil {
		t.Fatalf("no channel message shows %s", what)
	}
	return found
}

// lobbyWords are what the shared lobby says in each language, whatever the
// game adds to it.
var lobbyWords = map[string][]string{
	"en": {"Hosted by ", "Seats", "Settings"},
	"de": {"Gastgeber: ", "Plätze", "Einstellungen"},
}

func checkLobbyIn(t *testing.T, code string, lobby *discordgo.Message) {
	t.Helper()
	text := e2e.Text(lobby)
	for _, w := range lobbyWords[code] {
		if !strings.Contains(text, w) {
			t.Errorf("the lobby is not in %q: it lacks %q:\n%s", code, w, text)
		}
	}
	join := map[string]string{"en": "Join", "de": "Mitspielen"}[code]
	if label := buttonLabel(lobby, "join"); label != join {
		t.Errorf("the lobby's Join button reads %q, want %q", label, join)
	}
}

func buttonLabel(m *discordgo.Message, verb string) string {
	for _, row := range m.Components {
		r, ok := row.(*discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, c := range r.Components {
			if b, ok := c.(*discordgo.Button); ok && strings.HasSuffix(b.CustomID, "/"+verb) {
				return b.Label
			}
		}
	}
	return ""
}

// A server whose Discord locale is en-US chooses German in /cardbot
// settings: its new tables' lobbies are German, while each member's private
// answers follow their own client; reset:language brings English back; a
// table rebuilt after a restart speaks the server's German before anyone
// clicks.
func TestServerLanguageChosenInSettings(t *testing.T) {
	w := e2e.NewWorld(t)
	ann, bob, carl := admin(w, "ann"), w.Player("bob"), w.Player("carl")
	dora := admin(w, "dora")
	carl.U.SetLocale(discordgo.German)
	dora.U.SetLocale(discordgo.German)

	// The settings page, before any change, in each admin's own language.
	r, err := ann.U.Slash(w.Ch, "cardbot settings")
	cb := e2e.Answer(t, r, err)
	golden.CheckPage(t, "cardbot_settings", ui.Rendering{Embeds: cb.Message.Embeds})
	if got := field(cb.Message, "Language"); got != "**English** (Discord's server language)" {
		t.Errorf("an en-US server's language shows %q", got)
	}
	r, err = dora.U.Slash(w.Ch, "cardbot settings")
	cb = e2e.Answer(t, r, err)
	golden.CheckPage(t, "cardbot_settings_de", ui.Rendering{Embeds: cb.Message.Embeds})

	r, err = ann.U.Slash(w.Ch, "cardbot settings", discordtest.StrOpt("language", "de"))
	cb = e2e.Answer(t, r, err)
	if got := field(cb.Message, "Language"); got != "**Deutsch** (set for this server)" {
		t.Errorf("after language:de the page shows %q, in ann's English", got)
	}

	lobby := openLobby(t, w, bob)
	checkLobbyIn(t, "de", lobby)
	// carl reads German; a refusal to him is German whatever the table's.
	carl.Click(lobby, e2e.Button(lobby, "join", ""))
	again := carl.Click(lobby, e2e.Button(lobby, "join", ""))
	if got := e2e.Text(again.Message); !again.Ephemeral || got != "Du sitzt schon an diesem Tisch." {
		t.Errorf("carl's second Join answered %q, want the German refusal, privately", got)
	}
	bob.Click(lobby, e2e.Button(lobby, "cancel", ""))
	closed := waitMessage(t, w, "the cancelled lobby", func(m *discordgo.Message, _ int) bool {
		return m.ID == lobby.ID && strings.Contains(e2e.Text(m), "Der Gastgeber hat diesen Tisch abgebrochen.")
	})
	if !strings.Contains(e2e.Text(closed), "· Tisch ") {
		t.Errorf("the closed lobby's title is not German:\n%s", e2e.Text(closed))
	}

	// Back to Discord's server language.
	r, err = ann.U.Slash(w.Ch, "cardbot settings", discordtest.StrOpt("reset", "language"))
	cb = e2e.Answer(t, r, err)
	if got := field(cb.Message, "Language"); got != "**English** (Discord's server language)" {
		t.Errorf("after reset:language the page shows %q", got)
	}
	lobby = openLobby(t, w, bob)
	checkLobbyIn(t, "en", lobby)

	// carl's own answers are German while the lobby stays English.
	r, err = carl.U.Slash(w.Ch, "cardbot help")
	if cb := e2e.Answer(t, r, err); !cb.Ephemeral || len(cb.Message.Embeds) == 0 || cb.Message.Embeds[0].Title != "Die Befehle von cardbot" ||
		!strings.Contains(cb.Message.Embeds[0].Description, "`/laro neu`") {
		t.Errorf("carl's /cardbot help is not German:\n%s", e2e.Text(cb.Message))
	}
	r, err = carl.U.Slash(w.Ch, "chips balance")
	if cb := e2e.Answer(t, r, err); e2e.Text(cb.Message) != "Du hast **1000** Chips." {
		t.Errorf("carl's /chips balance answered %q, want German", e2e.Text(cb.Message))
	}
	carl.Click(lobby, e2e.Button(lobby, "join", ""))
	seated := waitMessage(t, w, "carl seated", func(m *discordgo.Message, _ int) bool {
		return m.ID == lobby.ID && strings.Contains(e2e.Text(m), "2. carl")
	})
	checkLobbyIn(t, "en", seated)
	bob.Click(seated, e2e.Button(seated, "cancel", ""))
	waitMessage(t, w, "the cancelled lobby", func(m *discordgo.Message, _ int) bool {
		return m.ID == lobby.ID && strings.Contains(e2e.Text(m), "This table was cancelled by the host.")
	})

	// German again, and a game under way when the bot restarts: the
	// rebuilt table reads the server's stored language.
	r, err = ann.U.Slash(w.Ch, "cardbot settings", discordtest.StrOpt("language", "de"))
	e2e.Answer(t, r, err)
	lobby = openLobby(t, w, bob)
	bob.Click(lobby, e2e.Button(lobby, "computer", ""))
	bob.Click(lobby, e2e.Button(lobby, "start", ""))
	waitMessage(t, w, "the game's table", func(m *discordgo.Message, _ int) bool { return e2e.Button(m, "hand", "") != "" })
	w.Restart()
	waitMessage(t, w, "the rebuilt table in German", func(m *discordgo.Message, i int) bool {
		return strings.Contains(e2e.Text(m), "♻️ cardbot wurde neu gestartet; das Spiel geht weiter.")
	})
	w.NoFailures()
}
