package highcard_test

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/internal/e2e"
	"github.com/cardbot/cardbot/bot/internal/highcard"
	"github.com/cardbot/cardbot/store"
)

// settingShown is the value /cardbot settings shows for the setting labelled name.
func settingShown(m *discordgo.Message, name string) string {
	if m == nil || len(m.Embeds) == 0 {
		return ""
	}
	for _, f := range m.Embeds[0].Fields {
		if f.Name == name {
			return f.Value
		}
	}
	return ""
}

// TestAThirdGameHasItsOwnServerDefault: the stake the fixture registers in its
// catalog entry is an option of /cardbot settings, stored as the game's own
// setting, shown on the settings page, taken by /highcard new left without a stake
// (an option given still wins), and brought back to the game's default by reset.
// No shared package names the game or its setting.
func TestAThirdGameHasItsOwnServerDefault(t *testing.T) {
	w := e2e.NewWorld(t, withHighCard)
	ann, bob, carol := w.Player("ann"), w.Player("bob"), w.Player("carol")
	ann.U.SetPermissions(discordtest.DefaultUserPermissions | discordgo.PermissionManageGuild)

	r, err := ann.U.Slash(w.Ch, "cardbot settings")
	if got := settingShown(e2e.Answer(t, r, err).Message, "Stake (High card)"); got != "**0** chips (cardbot's default)" {
		t.Errorf("before any change the page shows the High card stake as %q", got)
	}
	r, err = ann.U.Slash(w.Ch, "cardbot settings", discordtest.IntOpt("highcard_stake", 4))
	if got := settingShown(e2e.Answer(t, r, err).Message, "Stake (High card)"); got != "**4** chips (set for this server)" {
		t.Errorf("after the change the page shows the High card stake as %q", got)
	}
	stored, err := w.St.GuildSettings(t.Context(), w.Guild.ID())
	if v := stored.Game(store.GameSetting{Kind: highcard.Kind, Name: "highcard_stake"}); err != nil || v == nil || *v != 4 {
		t.Errorf("stored settings %+v (%v), want High card's stake 4", stored.Games, err)
	}

	// A table opened without a stake takes the server's.
	r, err = bob.U.Slash(w.Ch, "highcard new")
	e2e.Answer(t, r, err)
	lobby := w.TableMessage(e2e.Named(bob))
	if text := e2e.Text(lobby); !strings.Contains(text, "Stake **4** · turn timer **90 s**") {
		t.Errorf("bob's lobby does not show the server's stake:\n%s", text)
	}
	// One given wins.
	r, err = carol.U.Slash(w.Ch, "highcard new", discordtest.IntOpt("stake", 0))
	e2e.Answer(t, r, err)
	if text := e2e.Text(w.TableMessage(e2e.Named(carol))); !strings.Contains(text, "Stake **0**") {
		t.Errorf("carol's lobby does not show the stake she gave:\n%s", text)
	}
	live, err := w.St.LiveGames(t.Context())
	if err != nil || len(live) != 2 {
		t.Fatalf("live games %+v (%v), want bob's and carol's tables", live, err)
	}
	for _, g := range live {
		want := map[string]string{bob.U.ID(): `"stake":4`, carol.U.ID(): `"stake":0`}[g.Host]
		if !strings.Contains(string(g.Settings), want) {
			t.Errorf("the game of %s stored settings %s, want %s", g.Host, g.Settings, want)
		}
	}

	r, err = ann.U.Slash(w.Ch, "cardbot settings", discordtest.StrOpt("reset", "highcard_stake"))
	if got := settingShown(e2e.Answer(t, r, err).Message, "Stake (High card)"); got != "**0** chips (cardbot's default)" {
		t.Errorf("after the reset the page shows the High card stake as %q", got)
	}
	w.NoFailures()
}
