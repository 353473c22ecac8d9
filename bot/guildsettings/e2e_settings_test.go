package guildsettings_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/internal/e2e"
	"github.com/cardbot/cardbot/store"
)

// admin is a member with Manage Server.
func admin(w *e2e.World, name string) *e2e.Player {
	p := w.Player(name)
	p.U.SetPermissions(discordtest.DefaultUserPermissions | discordgo.PermissionManageGuild)
	return p
}

func field(m *discordgo.Message, name string) string {
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

func TestSettingsShownAndChangedByAnAdmin(t *testing.T) {
	w := e2e.NewWorld(t)
	ann := admin(w, "ann")

	r, err := ann.U.Slash(w.Ch, "cardbot settings")
	cb := e2e.Answer(t, r, err)
	if !cb.Ephemeral {
		t.Errorf("the settings were shown publicly")
	}
	for name, want := range map[string]string{
		"Stake (Laro)": "**1** chips per point (cardbot's default)", "Ante (Laro)": "**10** chips (cardbot's default)",
		"Claim window (Laro)": "**3** s (cardbot's default)", "Turn timer": "**90** s (cardbot's default)",
		"Target (Laus)": "**1500** points (cardbot's default)", "Threads": "**off** (cardbot's default)",
		"Turn notice": "**after 10 s** (cardbot's default)",
	} {
		if got := field(cb.Message, name); got != want {
			t.Errorf("before any change, %s shows %q, want %q", name, got, want)
		}
	}

	r, err = ann.U.Slash(w.Ch, "cardbot settings", discordtest.IntOpt("stake", 5), discordtest.IntOpt("ante", 0),
		discordtest.IntOpt("turn_timer", 30), discordtest.IntOpt("laus_target", 500), discordtest.BoolOpt("threads", true),
		discordtest.IntOpt("turn_notice", -1))
	cb = e2e.Answer(t, r, err)
	for name, want := range map[string]string{
		"Stake (Laro)": "**5** chips per point (set for this server)", "Ante (Laro)": "**0** chips (set for this server)",
		"Claim window (Laro)": "**3** s (cardbot's default)", "Turn timer": "**30** s (set for this server)",
		"Target (Laus)": "**500** points (set for this server)", "Threads": "**on** (set for this server)",
		"Turn notice": "**off** (set for this server)",
	} {
		if got := field(cb.Message, name); got != want {
			t.Errorf("after the change, %s shows %q, want %q", name, got, want)
		}
	}

	// A value out of range changes nothing, not even the valid values given
	// with it. Discord's client checks the ranges too; a modified one does not.
	if _, err := ann.U.Slash(w.Ch, "cardbot settings", discordtest.IntOpt("turn_timer", 5)); !errors.Is(err, discordtest.ErrBadOption) {
		t.Errorf("Discord's client let a turn timer of 5 s through (err %v)", err)
	}
	if _, err := ann.U.Slash(w.Ch, "cardbot settings", discordtest.IntOpt("turn_notice", 7)); !errors.Is(err, discordtest.ErrBadOption) {
		t.Errorf("Discord's client let a turn notice of 7 s, not one of its choices, through (err %v)", err)
	}
	r, err = ann.U.ForgeSlash(w.Ch, "cardbot settings", discordtest.IntOpt("stake", 7), discordtest.IntOpt("turn_timer", 5),
		discordtest.IntOpt("laus_target", 5), discordtest.IntOpt("turn_notice", 7))
	cb = e2e.Answer(t, r, err)
	if txt := e2e.Text(cb.Message); !cb.Ephemeral || !strings.Contains(txt, "Nothing was changed") ||
		!strings.Contains(txt, "turn notice must be one of") ||
		!strings.Contains(txt, "turn timer must be between 15 and 600") || !strings.Contains(txt, "target must be between 100 and 100000") {
		t.Errorf("out-of-range values answered %q, want each refused and nothing changed", txt)
	}
	st, err := w.St.GuildSettings(t.Context(), w.Guild.ID())
	stake := st.Game(store.GameSetting{Kind: store.KindLaro, Name: "stake"})
	if err != nil || stake == nil || *stake != 5 || st.TurnTimerS == nil || *st.TurnTimerS != 30 ||
		st.TurnNoticeS == nil || *st.TurnNoticeS != -1 {
		t.Errorf("stored settings %+v (%v), want stake 5 and turn timer 30 unchanged", st, err)
	}
	w.NoFailures()
}

func TestSettingsRefusedWithoutManageServer(t *testing.T) {
	w := e2e.NewWorld(t)
	ann, bob := admin(w, "ann"), w.Player("bob")
	// Everyone sees /cardbot (its help is for all); the bot checks who may
	// change the settings.
	r, err := bob.U.Slash(w.Ch, "cardbot settings", discordtest.IntOpt("stake", 9))
	cb := e2e.Answer(t, r, err)
	if !cb.Ephemeral || !strings.Contains(e2e.Text(cb.Message), "Manage Server") {
		t.Errorf("bob's /cardbot settings answered %q, want a refusal naming Manage Server", e2e.Text(cb.Message))
	}
	if _, err := w.St.GuildSettings(t.Context(), w.Guild.ID()); err == nil {
		t.Errorf("bob's refused change was stored")
	}
	r, err = ann.U.Slash(w.Ch, "cardbot settings")
	if cb := e2e.Answer(t, r, err); field(cb.Message, "Stake (Laro)") != "**1** chips per point (cardbot's default)" {
		t.Errorf("after bob's refused change the stake shows %q", field(cb.Message, "Stake (Laro)"))
	}
	w.NoFailures()
}

func TestSettingsAreDefaultsOfNewTables(t *testing.T) {
	w := e2e.NewWorld(t)
	ann, bob := admin(w, "ann"), w.Player("bob")
	r, err := ann.U.Slash(w.Ch, "cardbot settings", discordtest.IntOpt("stake", 0), discordtest.IntOpt("ante", 0),
		discordtest.IntOpt("claim_window", 7), discordtest.IntOpt("turn_timer", 45), discordtest.IntOpt("laus_target", 700),
		discordtest.BoolOpt("threads", true))
	e2e.Answer(t, r, err)

	// A Laro table opened without options takes every default, threads too.
	r, err = bob.U.Slash(w.Ch, "laro new")
	e2e.Answer(t, r, err)
	lobby := w.TableMessage("Click **Join**")
	lt := e2e.Text(lobby)
	if !strings.Contains(lt, "Stake **0** per point · ante **0** · LARO! window **7 s** · turn timer **45 s**") ||
		!strings.Contains(lt, "played in a thread") {
		t.Errorf("the Laro lobby does not show the server's defaults:\n%s", lt)
	}
	bob.Click(lobby, e2e.Button(lobby, "computer", ""))
	bob.Click(lobby, e2e.Button(lobby, "start", ""))
	th := w.Thread(w.Ch, 1)
	bob.OpenHand(w.MessageIn(th, "game 1"))

	// An option given wins over the server's default, thread:false too.
	r, err = ann.U.Slash(w.Ch, "laus new", discordtest.IntOpt("target", 200), discordtest.BoolOpt("thread", false))
	e2e.Answer(t, r, err)
	lobby = w.TableMessage("Laus · table")
	lt = e2e.Text(lobby)
	if !strings.Contains(lt, "Target **200**") || !strings.Contains(lt, "turn timer **45 s**") || strings.Contains(lt, "thread") {
		t.Errorf("the Laus lobby should show target 200 (option), turn timer 45 (server) and no thread:\n%s", lt)
	}
	ann.Click(lobby, e2e.Button(lobby, "computer", "*"))
	ann.Click(lobby, e2e.Button(lobby, "computer", "*"))
	ann.Click(lobby, e2e.Button(lobby, "start", "*"))
	ann.OpenHand(w.TableMessage("match 1 · round 1"))
	if n := len(w.Ch.Threads()); n != 1 {
		t.Errorf("%d threads, want only the Laro table's", n)
	}

	w.NoFailures()
}
