package chips_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/internal/e2e"
)

func TestChipsCommands(t *testing.T) {
	w := e2e.NewWorld(t)
	alice, bob, mod := w.Player("alice"), w.Player("bob"), w.Player("mod")
	slash := func(p *e2e.Player, cmd string, opts ...discordtest.ActionOption) discordtest.Callback {
		t.Helper()
		r, err := p.U.Slash(w.Ch, cmd, opts...)
		return e2e.Answer(t, r, err)
	}

	if cb := slash(alice, "chips balance"); !cb.Ephemeral || !strings.Contains(e2e.Text(cb.Message), "**1000** chips") {
		t.Errorf("a new player's balance: %q, want 1000 chips, privately", e2e.Text(cb.Message))
	}
	if cb := slash(alice, "chips daily"); !strings.Contains(e2e.Text(cb.Message), "now have **1100**") {
		t.Errorf("daily bonus: %q, want 1100", e2e.Text(cb.Message))
	}
	if cb := slash(alice, "chips daily"); !strings.Contains(e2e.Text(cb.Message), "already collected") || !strings.Contains(e2e.Text(cb.Message), "<t:") {
		t.Errorf("second daily: %q, want a refusal saying when the next one is ready", e2e.Text(cb.Message))
	}

	// Granting needs Manage Server: Discord's client does not offer the
	// subcommand's permission check, so the bot checks it.
	if cb := slash(bob, "chips grant", discordtest.UserOpt("player", bob.U), discordtest.IntOpt("amount", 500)); !strings.Contains(e2e.Text(cb.Message), "Manage Server") {
		t.Errorf("grant by a plain member: %q, want a refusal naming Manage Server", e2e.Text(cb.Message))
	}
	mod.U.SetPermissions(mod.U.Permissions() | discordgo.PermissionManageGuild)
	if cb := slash(mod, "chips grant", discordtest.UserOpt("player", bob.U), discordtest.IntOpt("amount", 500)); cb.Ephemeral || !strings.Contains(e2e.Text(cb.Message), "**1500**") {
		t.Errorf("grant by a moderator: %q, want a public note of bob's new 1500", e2e.Text(cb.Message))
	}
	if cb := slash(mod, "chips grant", discordtest.UserOpt("player", bob.U), discordtest.IntOpt("amount", -2000)); !strings.Contains(e2e.Text(cb.Message), "short") {
		t.Errorf("taking more than bob has: %q, want a refusal", e2e.Text(cb.Message))
	}
	if cb := slash(bob, "chips balance", discordtest.UserOpt("player", alice.U)); !strings.Contains(e2e.Text(cb.Message), "has **1100** chips") {
		t.Errorf("looking up alice: %q", e2e.Text(cb.Message))
	}
	posted := len(w.Ch.Messages())
	cb := slash(bob, "chips leaderboard")
	board := e2e.Text(cb.Message)
	if !cb.Ephemeral || strings.Index(board, "<@"+bob.U.ID()+">") > strings.Index(board, "<@"+alice.U.ID()+">") {
		t.Errorf("leaderboard should list bob (1500) above alice (1100), privately:\n%s", board)
	}
	// Share posts it in the channel, once: the private copy loses its button.
	shared := bob.Click(cb.Message, e2e.Button(cb.Message, "share", "leaderboard"))
	if !shared.Ephemeral || e2e.Button(shared.Message, "share", "*") != "" || !strings.Contains(e2e.Text(shared.Message), "Shared") {
		t.Errorf("Share answered %q, want the private leaderboard without its Share button", e2e.Text(shared.Message))
	}
	ms := w.Ch.Messages()
	if len(ms) != posted+1 || !strings.Contains(e2e.Text(ms[len(ms)-1]), "Chip leaderboard") ||
		!strings.Contains(e2e.Text(ms[len(ms)-1]), "Shared by <@"+bob.U.ID()+">") {
		t.Errorf("after Share the channel has %d new message(s), want the leaderboard once", len(ms)-posted)
	}

	// Out of Discord's ranges, the command never reaches the bot.
	if _, err := alice.U.Slash(w.Ch, "laro new", discordtest.IntOpt("stake", 5000)); !errors.Is(err, discordtest.ErrBadOption) {
		t.Errorf("stake 5000: got %v, want Discord to refuse the option", err)
	}
	w.NoFailures()
}
