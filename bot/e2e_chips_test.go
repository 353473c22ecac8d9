package bot_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
)

func TestChipsCommands(t *testing.T) {
	w := newWorld(t)
	alice, bob, mod := w.player("alice"), w.player("bob"), w.player("mod")
	slash := func(p *player, cmd string, opts ...discordtest.ActionOption) discordtest.Callback {
		t.Helper()
		r, err := p.u.Slash(w.ch, cmd, opts...)
		return answer(t, r, err)
	}

	if cb := slash(alice, "chips balance"); !cb.Ephemeral || !strings.Contains(text(cb.Message), "**1000** chips") {
		t.Errorf("a new player's balance: %q, want 1000 chips, privately", text(cb.Message))
	}
	if cb := slash(alice, "chips daily"); !strings.Contains(text(cb.Message), "now have **1100**") {
		t.Errorf("daily bonus: %q, want 1100", text(cb.Message))
	}
	if cb := slash(alice, "chips daily"); !strings.Contains(text(cb.Message), "already collected") || !strings.Contains(text(cb.Message), "<t:") {
		t.Errorf("second daily: %q, want a refusal saying when the next one is ready", text(cb.Message))
	}

	// Granting needs Manage Server: Discord's client does not offer the
	// subcommand's permission check, so the bot checks it.
	if cb := slash(bob, "chips grant", discordtest.UserOpt("player", bob.u), discordtest.IntOpt("amount", 500)); !strings.Contains(text(cb.Message), "Manage Server") {
		t.Errorf("grant by a plain member: %q, want a refusal naming Manage Server", text(cb.Message))
	}
	mod.u.SetPermissions(mod.u.Permissions() | discordgo.PermissionManageGuild)
	if cb := slash(mod, "chips grant", discordtest.UserOpt("player", bob.u), discordtest.IntOpt("amount", 500)); cb.Ephemeral || !strings.Contains(text(cb.Message), "**1500**") {
		t.Errorf("grant by a moderator: %q, want a public note of bob's new 1500", text(cb.Message))
	}
	if cb := slash(mod, "chips grant", discordtest.UserOpt("player", bob.u), discordtest.IntOpt("amount", -2000)); !strings.Contains(text(cb.Message), "short") {
		t.Errorf("taking more than bob has: %q, want a refusal", text(cb.Message))
	}
	if cb := slash(bob, "chips balance", discordtest.UserOpt("player", alice.u)); !strings.Contains(text(cb.Message), "has **1100** chips") {
		t.Errorf("looking up alice: %q", text(cb.Message))
	}
	cb := slash(bob, "chips leaderboard")
	board := text(cb.Message)
	if cb.Ephemeral || strings.Index(board, "<@"+bob.u.ID()+">") > strings.Index(board, "<@"+alice.u.ID()+">") {
		t.Errorf("leaderboard should list bob (1500) above alice (1100), publicly:\n%s", board)
	}

	// Out of Discord's ranges, the command never reaches the bot.
	if _, err := alice.u.Slash(w.ch, "laro new", discordtest.IntOpt("stake", 5000)); !errors.Is(err, discordtest.ErrBadOption) {
		t.Errorf("stake 5000: got %v, want Discord to refuse the option", err)
	}
	w.noFailures()
}

func TestLaroStatsPlayAgainAndSolo(t *testing.T) {
	w := newWorld(t)
	alice, bob := w.player("alice"), w.player("bob")
	players := []*player{alice, bob}
	openTable(t, w, alice, []*player{bob}, quickOpts(1)...)
	final := playToEnd(t, w, players)
	// The next dealer is the winner; after a game with no winner, the seat
	// after the dealer (alice dealt game 1).
	next, wins := bob, "0 (0%)"
	if strings.Contains(final, "🏆 <@"+alice.u.ID()+">") {
		next, wins = alice, "1 (100%)"
	} else if strings.Contains(final, "🏆 <@"+bob.u.ID()+">") {
		wins = "0 (0%)"
	}
	r, err := bob.u.Slash(w.ch, "laro stats", discordtest.UserOpt("player", alice.u))
	if cb := answer(t, r, err); !strings.Contains(text(cb.Message), "Games\n1") || !strings.Contains(text(cb.Message), "Wins\n"+wins) {
		t.Errorf("alice's stats: %q, want 1 game and %s wins", text(cb.Message), wins)
	}
	winner := next

	// Play again: a new message for game 2, dealt by the winner, who moves first.
	over := w.tableMessage("[Play again]")
	bob.click(over, button(over, "again", "*"))
	game2 := w.tableMessage("game 2")
	if !strings.Contains(text(game2), "<@"+winner.u.ID()+"> (dealer)") {
		t.Errorf("game 2 is not dealt by the winner:\n%s", text(game2))
	}
	if old := text(w.ch.Message(over.ID)); strings.Contains(old, "[Play again]") {
		t.Errorf("game 1's message still offers Play again:\n%s", old)
	}
	for _, p := range players {
		if bal, _ := w.st.Balance(t.Context(), w.guild.ID(), p.u.ID()); bal.Held == 0 {
			t.Errorf("%s has nothing held in game 2", p.u.Name())
		}
	}
	winner.openHand(game2)
	winner.waitHand("the first draw of game 2", func(m *discordgo.Message) bool { return button(m, "draw", "deck") != "" })
	w.noFailures()
}

func TestLaroSoloPractice(t *testing.T) {
	w := newWorld(t)
	alice := w.player("alice")
	r, err := alice.u.Slash(w.ch, "laro new", quickOpts(3)...)
	answer(t, r, err)
	lobby := w.tableMessage("Click **Join**")
	alice.click(lobby, button(lobby, "start", ""))
	alice.openHand(w.tableMessage("game 1"))
	final := playToEnd(t, w, []*player{alice})
	if !strings.Contains(final, "Solo game won in") && !strings.Contains(final, "no winner") {
		t.Errorf("a solo game should end with its turn count or no winner:\n%s", final)
	}
	if bal, _ := w.st.Balance(t.Context(), w.guild.ID(), alice.u.ID()); bal.Total != 1000 || bal.Held != 0 {
		t.Errorf("chips moved in solo practice: %+v", bal)
	}
	w.noFailures()
}

func TestLaroTablesShareAChannelAndSeatsAreChecked(t *testing.T) {
	w := newWorld(t)
	alice, bob, carol, mod := w.player("alice"), w.player("bob"), w.player("carol"), w.player("mod")
	mod.u.SetPermissions(mod.u.Permissions() | discordgo.PermissionManageGuild)

	// Two tables in one channel at once.
	r, err := alice.u.Slash(w.ch, "laro new", discordtest.IntOpt("stake", 10), discordtest.IntOpt("ante", 50))
	answer(t, r, err)
	r, err = bob.u.Slash(w.ch, "laro new", discordtest.IntOpt("stake", 1), discordtest.IntOpt("ante", 0))
	answer(t, r, err)
	var big, small *discordgo.Message
	for _, m := range w.ch.Messages() {
		switch {
		case strings.Contains(text(m), "Joining needs **200**"):
			big = m
		case strings.Contains(text(m), "Joining needs **15**"):
			small = m
		}
	}
	if big == nil || small == nil {
		t.Fatalf("want two lobbies in the channel, got:\n%v", w.ch.Messages())
	}

	// Carol has 120 chips: the big table (ante 50 + 15 × 10 = 200) refuses
	// her and says how many she lacks; the small one seats her.
	r, err = mod.u.Slash(w.ch, "chips grant", discordtest.UserOpt("player", carol.u), discordtest.IntOpt("amount", -880))
	answer(t, r, err)
	if cb := carol.click(big, button(big, "join", "")); !strings.Contains(text(cb.Message), "**80 chips short**") {
		t.Errorf("joining the big table with 120 chips: %q, want '80 chips short'", text(cb.Message))
	}
	carol.click(small, button(small, "join", ""))
	if !strings.Contains(text(w.ch.Message(small.ID)), "<@"+carol.u.ID()+">") {
		t.Errorf("carol is not seated at the small table:\n%s", text(w.ch.Message(small.ID)))
	}
	// One Laro table per player per server.
	if cb := bob.click(w.ch.Message(big.ID), button(big, "join", "")); !strings.Contains(text(cb.Message), "already sit at Laro table") {
		t.Errorf("bob joining a second table: %q, want a refusal", text(cb.Message))
	}
	// Each table starts on its own.
	bob.click(w.ch.Message(small.ID), button(small, "start", ""))
	if !strings.Contains(text(w.ch.Message(big.ID)), "[Join]") {
		t.Errorf("starting one table changed the other:\n%s", text(w.ch.Message(big.ID)))
	}
	w.tableMessage("game 1")
	w.noFailures()
}

func TestRulesCommandsExplainEachGame(t *testing.T) {
	w := newWorld(t)
	alice := w.player("alice")
	for cmd, words := range map[string][]string{
		"laro rules": {"cluster", "Void", "LARO!", "stake"},
		"laus rules": {"jack", "queen", "skat", "target"},
	} {
		r, err := alice.u.Slash(w.ch, cmd)
		cb := answer(t, r, err)
		if !cb.Ephemeral {
			t.Errorf("/%s answered publicly", cmd)
		}
		got := strings.ToLower(text(cb.Message))
		for _, word := range words {
			if !strings.Contains(got, strings.ToLower(word)) {
				t.Errorf("/%s does not mention %q:\n%s", cmd, word, got)
			}
		}
	}
	w.noFailures()
}
