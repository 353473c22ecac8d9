package laro_test

import (
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot"
	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/internal/e2e"
	rules "github.com/cardbot/cardbot/engine/laro"
)

func TestLaroGameSurvivesRestart(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t, e2e.LongDeal(t, 2, 4))
	alice, bob := w.Player("alice"), w.Player("bob")
	players := []*e2e.Player{alice, bob}
	e2e.OpenTable(t, w, alice, []*e2e.Player{bob}, e2e.QuickOpts(1)...)
	e2e.PlayTurns(t, w, players, 4)
	// The player to move holds a hand message drawn before the restart.
	mover, old := e2e.WaitForMover(t, players)
	w.Restart()

	// Their next click on the old message just works.
	mover.Click(old, e2e.Button(old, "draw", "deck"))
	hand := mover.WaitHand("discards after the restart", func(m *discordgo.Message) bool { return e2e.Button(m, "discard", "*") != "" })
	if !strings.Contains(e2e.Text(hand), "You drew") {
		t.Errorf("after the restart the draw showed no card:\n%s", e2e.Text(hand))
	}
	w.TableMessage("cardbot restarted")
	// The other player's hand message, opened before the restart, still
	// updates itself: the bot kept its token.
	mover.Click(hand, e2e.Button(hand, "discard", e2e.CardsOf(t, hand)[0].String()))
	for _, p := range players {
		if p != mover {
			p.WaitHand("their turn, after the restart", func(m *discordgo.Message) bool { return e2e.Button(m, "draw", "deck") != "" })
		}
	}
	final := e2e.PlayToEnd(t, w, players)
	if !strings.Contains(final, "wins with") && !strings.Contains(final, "no winner") {
		t.Fatalf("the game did not finish after the restart:\n%s", final)
	}
	for _, p := range players {
		if bal, _ := w.St.Balance(t.Context(), w.Guild.ID(), p.U.ID()); bal.Held != 0 {
			t.Errorf("%s still has %d chips held after the game", p.U.Name(), bal.Held)
		}
	}
	w.NoFailures()
}

func TestLaroActionStoredButReplyLost(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	alice, bob := w.Player("alice"), w.Player("bob")
	e2e.OpenTable(t, w, alice, []*e2e.Player{bob}, e2e.QuickOpts(1)...)
	hand := alice.WaitHand("the draw", func(m *discordgo.Message) bool { return e2e.Button(m, "draw", "deck") != "" })
	alice.Click(hand, e2e.Button(hand, "draw", "deck"))
	hand = alice.WaitHand("discards", func(m *discordgo.Message) bool { return e2e.Button(m, "discard", "*") != "" })
	card := e2e.CardsOf(t, hand)[0]

	// The discard is stored, but the answer never reaches Discord (as if the
	// bot died right after its commit: every retry of the callback fails
	// too); then the bot restarts.
	w.Srv.FailRequests("POST", "/interactions/*/*/callback", 4, 500)
	r, err := alice.U.Click(hand, e2e.Button(hand, "discard", card.String()))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Wait(); !errors.Is(err, discordtest.ErrInteractionFailed) {
		t.Fatalf("the lost answer: got %v, want ErrInteractionFailed", err)
	}
	// Her hand still follows the game: it shows the discard was made
	// (through the token it had, since the lost answer's has no message).
	alice.WaitHand("the stored discard", func(m *discordgo.Message) bool {
		return e2e.Button(m, "discard", "*") == "" && strings.Contains(e2e.Text(m), card.Symbol())
	})
	w.Restart()
	table := w.TableMessage("cardbot restarted")
	if !strings.Contains(e2e.Text(table), "discarded **"+card.Symbol()+"**") {
		t.Errorf("after the restart the table does not show alice's stored discard of %s:\n%s", card.Symbol(), e2e.Text(table))
	}
	// It is bob's turn, and alice cannot discard again: a discard button
	// forged from her old hand is refused as out of date.
	bob.OpenHand(table)
	bob.WaitHand("bob's draw", func(m *discordgo.Message) bool { return e2e.Button(m, "draw", "deck") != "" })
	forged, err := alice.U.ForgeClick(w.Ch, e2e.Button(hand, "discard", card.String()))
	if cb := e2e.Answer(t, forged, err); !strings.Contains(e2e.Text(cb.Message), "earlier moment") {
		t.Errorf("alice's repeated discard answered %q, want it refused as out of date", e2e.Text(cb.Message))
	}
	if n := len(w.Srv.Failures()); n != 1 {
		t.Errorf("got %d interaction failures, want exactly the one lost answer", n)
	}
}

func TestLaroRefusesBadInput(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	alice, bob, dave := w.Player("alice"), w.Player("bob"), w.Player("dave")
	table := e2e.OpenTable(t, w, alice, []*e2e.Player{bob}, e2e.QuickOpts(1)...)
	parts := strings.Split(e2e.Button(table, "hand", ""), "/")
	tableID := parts[2]

	cases := []struct {
		name string
		do   func() (*discordtest.Response, error)
		want string
	}{
		{"not seated", func() (*discordtest.Response, error) { return dave.U.Click(table, e2e.Button(table, "hand", "")) }, "not seated"},
		{"not seated LARO!", func() (*discordtest.Response, error) { return dave.U.Click(table, e2e.Button(table, "laro", "")) }, "not seated"},
		{"forged garbage", func() (*discordtest.Response, error) { return dave.U.ForgeClick(w.Ch, "drop table games;--") }, "not one of cardbot's current buttons"},
		{"forged unknown table", func() (*discordtest.Response, error) { return dave.U.ForgeClick(w.Ch, "v1/laro/zzzzzz/1/hand") }, "has closed"},
		{"forged join after start", func() (*discordtest.Response, error) {
			return dave.U.ForgeClick(w.Ch, "v1/laro/"+tableID+"/0/join")
		}, "already started"},
		{"forged verb", func() (*discordtest.Response, error) { return alice.U.ForgeClick(w.Ch, "v1/laro/"+tableID+"/1/cheat") }, "not one of this table's"},
		{"forged card", func() (*discordtest.Response, error) {
			return alice.U.ForgeClick(w.Ch, "v1/laro/"+tableID+"/1/discard/X+99")
		}, ""},
		{"out of turn", func() (*discordtest.Response, error) {
			return bob.U.ForgeClick(w.Ch, "v1/laro/"+tableID+"/0/draw/deck")
		}, "not your turn"},
		{"old game", func() (*discordtest.Response, error) { return alice.U.ForgeClick(w.Ch, "v1/laro/"+tableID+"/7/laro") }, "earlier game"},
	}
	for _, c := range cases {
		r, err := c.do()
		cb := e2e.Answer(t, r, err)
		if !cb.Ephemeral && cb.Type != discordgo.InteractionResponseUpdateMessage {
			t.Errorf("%s: answered publicly: %q", c.name, e2e.Text(cb.Message))
		}
		if got := strings.ToLower(e2e.Text(cb.Message) + string(cb.Data)); !strings.Contains(got, strings.ToLower(c.want)) {
			t.Errorf("%s: answered %q, want it to say %q", c.name, got, c.want)
		}
	}

	// A forged draw on the public table message must not turn that message
	// into bob's hand: the answer is a private message.
	r, err := bob.U.ForgeClick(w.Ch, "v1/laro/"+tableID+"/0/draw/deck")
	if cb := e2e.Answer(t, r, err); !cb.Ephemeral {
		t.Errorf("a forged hand button was answered publicly: %q", e2e.Text(cb.Message))
	}
	if pub := e2e.Text(w.Ch.Message(table.ID)); strings.Contains(pub, "Your hand") {
		t.Errorf("the public table now shows a hand:\n%s", pub)
	}

	// A malformed event and a zero-valued one reach the bot; it carries on.
	w.Srv.SendRawInteraction(w.Guild, []byte(`{"id":"","type":0}`))
	w.Srv.SendRawInteraction(w.Guild, []byte(`{"id":"1","token":"t","type":3,"data":{"custom_id":7},"member":{"user":{"id":"9"}}}`))

	// A double click: two clicks on one discard button before the first is
	// answered. One discard happens; the other is refused and changes nothing.
	hand := alice.WaitHand("the draw", func(m *discordgo.Message) bool { return e2e.Button(m, "draw", "deck") != "" })
	alice.Click(hand, e2e.Button(hand, "draw", "deck"))
	hand = alice.WaitHand("discards", func(m *discordgo.Message) bool { return e2e.Button(m, "discard", "*") != "" })
	id := e2e.Button(hand, "discard", e2e.CardsOf(t, hand)[0].String())
	var wg sync.WaitGroup
	answers := make([]string, 2)
	for i := range answers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := alice.U.Click(hand, id)
			if err != nil {
				answers[i] = "click refused by Discord: " + err.Error()
				return
			}
			cb, err := r.Wait()
			if err != nil {
				answers[i] = err.Error()
				return
			}
			answers[i] = e2e.Text(cb.Message)
		}()
	}
	wg.Wait()
	stale := 0
	for _, a := range answers {
		if strings.Contains(a, "earlier moment") || strings.Contains(a, "click refused by Discord") {
			stale++
		}
	}
	if stale != 1 {
		t.Errorf("double click answers %q: want exactly one refused", answers)
	}
	pub := w.TableMessage("discarded")
	if n := strings.Count(e2e.Text(pub), e2e.Named(alice)+" discarded"); n != 1 {
		t.Errorf("the table shows %d discards by alice, want 1:\n%s", n, e2e.Text(pub))
	}
	bob.WaitHand("bob's turn", func(m *discordgo.Message) bool { return e2e.Button(m, "draw", "deck") != "" })
	w.NoFailures()
}

func TestLaroTimeoutsPlayForAPlayerThenRemoveThem(t *testing.T) {
	t.Parallel()
	// The bot plays alice's and bob's timed-out turns as the computer would.
	// On a deal where those moves win, alice never misses a third turn.
	w := e2e.NewWorld(t, e2e.DealWhere(t, 2, computersPlay(6)), func(o *bot.Options) { o.TurnTimerUnit = 10 * time.Millisecond })
	alice, bob := w.Player("alice"), w.Player("bob")
	// turn_timer 15 lasts 150 ms here. Nobody touches their hand: the bot
	// moves for both, and alice, who moves first, misses three turns first.
	e2e.OpenTable(t, w, alice, []*e2e.Player{bob}, discordtest.IntOpt("stake", 1), discordtest.IntOpt("ante", 10),
		discordtest.IntOpt("claim_window", 0), discordtest.IntOpt("turn_timer", 15))
	final := e2e.Text(w.TableMessage("[Play again]"))
	if !strings.Contains(final, "ran out of time") && !strings.Contains(final, "left the game") {
		t.Errorf("the table never said a move was made for someone:\n%s", final)
	}
	if !strings.Contains(final, e2e.Named(bob)+" wins by default") {
		t.Fatalf("want bob to win by default after alice left:\n%s", final)
	}
	// Alice's ante stayed in the pot: bob takes both antes, no stakes (0 points).
	for p, want := range map[*e2e.Player]int64{alice: 990, bob: 1010} {
		if bal, _ := w.St.Balance(t.Context(), w.Guild.ID(), p.U.ID()); bal.Total != want || bal.Held != 0 {
			t.Errorf("%s: %+v, want %d and nothing held", p.U.Name(), bal, want)
		}
	}
	w.NoFailures()
}

// computersPlay reports whether the computer, playing every seat of g,
// makes the given number of turns without the game ending.
func computersPlay(turns int) func(*rules.Game) bool {
	return func(g *rules.Game) bool {
		for g.Turns() < turns && !g.Over() {
			a, ok := rules.Choose(rules.Computer{}, g.View(g.Turn()))
			if !ok || g.Apply(a) != nil {
				return false
			}
		}
		return !g.Over()
	}
}

func TestLaroAgainstComputers(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	alice := w.Player("alice")
	r, err := alice.U.Slash(w.Ch, "laro new", e2e.QuickOpts(5)...)
	e2e.Answer(t, r, err)
	lobby := w.TableMessage("Click **Join**")
	alice.Click(lobby, e2e.Button(lobby, "computer", ""))
	lobby = w.TableMessage("🤖")
	if !strings.Contains(e2e.Text(lobby), "Stake **0**") {
		t.Errorf("a table with a computer seat must be unstaked:\n%s", e2e.Text(lobby))
	}
	alice.Click(w.Ch.Message(lobby.ID), e2e.Button(lobby, "computer", ""))
	alice.Click(w.Ch.Message(lobby.ID), e2e.Button(lobby, "start", ""))
	table := w.TableMessage("game 1")
	alice.OpenHand(table)
	final := e2e.PlayToEnd(t, w, []*e2e.Player{alice})
	if !strings.Contains(final, "wins") && !strings.Contains(final, "no winner") {
		t.Fatalf("no result:\n%s", final)
	}
	if bal, _ := w.St.Balance(t.Context(), w.Guild.ID(), alice.U.ID()); bal.Total != 1000 || bal.Held != 0 {
		t.Errorf("chips moved at a computer table: %+v", bal)
	}
	w.NoFailures()
}

func TestLaroLobbyClosesItselfAndFreesTheSeat(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t, func(o *bot.Options) { o.LobbyTimeout = 300 * time.Millisecond })
	alice := w.Player("alice")
	r, err := alice.U.Slash(w.Ch, "laro new")
	e2e.Answer(t, r, err)
	w.TableMessage("nobody started it in time")
	r, err = alice.U.Slash(w.Ch, "laro new")
	if m := e2e.Reply(t, r, err); !strings.Contains(e2e.Text(m), "is open") {
		t.Errorf("after the lobby closed, /laro new answered %q", e2e.Text(m))
	}
	w.NoFailures()
}

func TestLaroTableComesBackWhenDiscordAllowsIt(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	alice, bob := w.Player("alice"), w.Player("bob")
	table := e2e.OpenTable(t, w, alice, []*e2e.Player{bob}, e2e.QuickOpts(1)...)

	// A moderator deletes the table message: the next change posts it again.
	if !w.Ch.DeleteMessage(table.ID) {
		t.Fatal("could not delete the table message")
	}
	hand := alice.WaitHand("the draw", func(m *discordgo.Message) bool { return e2e.Button(m, "draw", "deck") != "" })
	alice.Click(hand, e2e.Button(hand, "draw", "deck"))
	reposted := w.TableMessage("drew from the deck")
	if reposted.ID == table.ID {
		t.Fatal("the deleted message came back with the same ID")
	}

	// The channel stops letting the bot post: the next player to click is
	// told what permission is missing; once it is back, the table returns.
	w.Ch.SetBotPermissions(discordtest.DefaultBotPermissions &^ discordgo.PermissionSendMessages)
	hand = alice.WaitHand("discards", func(m *discordgo.Message) bool { return e2e.Button(m, "discard", "*") != "" })
	from := len(w.Srv.Requests())
	alice.Click(hand, e2e.Button(hand, "discard", e2e.CardsOf(t, hand)[0].String()))
	// Wait for the refused edit, and for its retry: the table makes one
	// call at a time, so once the retry is logged the bot has noted the
	// first refusal, which bob's click is to be told. (A fixed 200 ms
	// wait here was too short on a loaded machine.)
	w.WaitRequests("refused on the table's channel", from, 2, func(r discordtest.Request) bool {
		return r.Status == http.StatusForbidden && strings.Contains(r.Path, "/channels/"+w.Ch.ID()+"/messages")
	})
	hand = bob.WaitHand("bob's draw", func(m *discordgo.Message) bool { return e2e.Button(m, "draw", "deck") != "" })
	cb := bob.Click(hand, e2e.Button(hand, "draw", "deck"))
	if !strings.Contains(e2e.Text(cb.Message), "Send Messages") {
		t.Errorf("bob's next click answered %q, want it to name the missing permission", e2e.Text(cb.Message))
	}
	w.Ch.SetBotPermissions(discordtest.DefaultBotPermissions)
	w.TableMessage(e2e.Named(bob) + " drew from the deck")
	w.NoFailures()
}
