package laro_test

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/internal/e2e"
)

func TestLaroStatsPlayAgainAndSolo(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	alice, bob := w.Player("alice"), w.Player("bob")
	players := []*e2e.Player{alice, bob}
	e2e.OpenTable(t, w, alice, []*e2e.Player{bob}, e2e.QuickOpts(1)...)
	final := e2e.PlayToEnd(t, w, players)
	// The next dealer is the winner; after a game with no winner, the seat
	// after the dealer (alice dealt game 1).
	next, wins := bob, "0 (0%)"
	if strings.Contains(final, "🏆 "+e2e.Named(alice)) {
		next, wins = alice, "1 (100%)"
	} else if strings.Contains(final, "🏆 "+e2e.Named(bob)) {
		wins = "0 (0%)"
	}
	r, err := bob.U.Slash(w.Ch, "laro stats", discordtest.UserOpt("player", alice.U))
	if st := e2e.Text(e2e.Shown(t, r, e2e.Answer(t, r, err))); !strings.Contains(st, "Games\n1") || !strings.Contains(st, "Wins\n"+wins) {
		t.Errorf("alice's stats: %q, want 1 game and %s wins", st, wins)
	}
	winner := next

	// Play again: a new message for game 2, dealt by the winner, who moves first.
	over := w.TableMessage("[Play again]")
	w.PlayAgain(over, bob, alice)
	game2 := w.TableMessage("game 2")
	if !strings.Contains(e2e.Text(game2), e2e.Named(winner)+" (dealer)") {
		t.Errorf("game 2 is not dealt by the winner:\n%s", e2e.Text(game2))
	}
	if old := e2e.Text(w.Ch.Message(over.ID)); strings.Contains(old, "[Play again]") {
		t.Errorf("game 1's message still offers Play again:\n%s", old)
	}
	for _, p := range players {
		if bal, _ := w.St.Balance(t.Context(), w.Guild.ID(), p.U.ID()); bal.Held == 0 {
			t.Errorf("%s has nothing held in game 2", p.U.Name())
		}
	}
	winner.OpenHand(game2)
	winner.WaitHand("the first draw of game 2", func(m *discordgo.Message) bool { return e2e.Button(m, "draw", "deck") != "" })
	w.NoFailures()
}

func TestLaroSoloPractice(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	alice := w.Player("alice")
	r, err := alice.U.Slash(w.Ch, "laro new", e2e.QuickOpts(3)...)
	e2e.Answer(t, r, err)
	lobby := w.TableMessage("Click **Join**")
	alice.Click(lobby, e2e.Button(lobby, "start", ""))
	alice.OpenHand(w.TableMessage("game 1"))
	final := e2e.PlayToEnd(t, w, []*e2e.Player{alice})
	if !strings.Contains(final, "Solo game won in") && !strings.Contains(final, "no winner") {
		t.Errorf("a solo game should end with its turn count or no winner:\n%s", final)
	}
	if bal, _ := w.St.Balance(t.Context(), w.Guild.ID(), alice.U.ID()); bal.Total != 1000 || bal.Held != 0 {
		t.Errorf("chips moved in solo practice: %+v", bal)
	}
	w.NoFailures()
}

func TestLaroTablesShareAChannelAndSeatsAreChecked(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	alice, bob, carol, mod := w.Player("alice"), w.Player("bob"), w.Player("carol"), w.Player("mod")
	mod.U.SetPermissions(mod.U.Permissions() | discordgo.PermissionManageGuild)

	// Two tables in one channel at once.
	r, err := alice.U.Slash(w.Ch, "laro new", discordtest.IntOpt("stake", 10), discordtest.IntOpt("ante", 50))
	e2e.Answer(t, r, err)
	r, err = bob.U.Slash(w.Ch, "laro new", discordtest.IntOpt("stake", 1), discordtest.IntOpt("ante", 0))
	e2e.Answer(t, r, err)
	var big, small *discordgo.Message
	_, _ = w.Ch.Wait(e2e.Patience, func(ms []*discordgo.Message) bool {
		for _, m := range ms {
			switch {
			case strings.Contains(e2e.Text(m), "Joining needs **200**"):
				big = m
			case strings.Contains(e2e.Text(m), "Joining needs **15**"):
				small = m
			}
		}
		return big != nil && small != nil
	})
	if big == nil || small == nil {
		t.Fatalf("want two lobbies in the channel, got:\n%v", w.Ch.Messages())
	}

	// Carol has 120 chips: the big table (ante 50 + 15 × 10 = 200) refuses
	// her and says how many she lacks; the small one seats her.
	r, err = mod.U.Slash(w.Ch, "chips grant", discordtest.UserOpt("player", carol.U), discordtest.IntOpt("amount", -880))
	e2e.Answer(t, r, err)
	if cb := carol.Click(big, e2e.Button(big, "join", "")); !strings.Contains(e2e.Text(cb.Message), "**80 chips short**") {
		t.Errorf("joining the big table with 120 chips: %q, want '80 chips short'", e2e.Text(cb.Message))
	}
	carol.Click(small, e2e.Button(small, "join", ""))
	if !strings.Contains(e2e.Text(w.Ch.Message(small.ID)), e2e.Named(carol)) {
		t.Errorf("carol is not seated at the small table:\n%s", e2e.Text(w.Ch.Message(small.ID)))
	}
	// One Laro table per player per server.
	if cb := bob.Click(w.Ch.Message(big.ID), e2e.Button(big, "join", "")); !strings.Contains(e2e.Text(cb.Message), "already sit at Laro table") {
		t.Errorf("bob joining a second table: %q, want a refusal", e2e.Text(cb.Message))
	}
	// Each table starts on its own.
	bob.Click(w.Ch.Message(small.ID), e2e.Button(small, "start", ""))
	if !strings.Contains(e2e.Text(w.Ch.Message(big.ID)), "[Join]") {
		t.Errorf("starting one table changed the other:\n%s", e2e.Text(w.Ch.Message(big.ID)))
	}
	w.TableMessage("game 1")
	w.NoFailures()
}
