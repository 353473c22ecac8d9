package bot_test

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot"
	"github.com/cardbot/cardbot/bot/discordtest"
)

// openTable has host open a Laro table with opts, seats the others,
// starts it, opens everyone's hand and returns the game message.
func openTable(t *testing.T, w *world, host *player, others []*player, opts ...discordtest.ActionOption) *discordgo.Message {
	t.Helper()
	r, err := host.u.Slash(w.ch, "laro new", opts...)
	answer(t, r, err)
	lobby := w.tableMessage("Click **Join**")
	for _, p := range others {
		p.click(w.ch.Message(lobby.ID), button(lobby, "join", ""))
	}
	host.click(w.ch.Message(lobby.ID), button(lobby, "start", ""))
	table := w.tableMessage("game 1")
	host.openHand(table)
	for _, p := range others {
		p.openHand(table)
	}
	return table
}

// playToEnd plays turns until the table shows the game is over.
func playToEnd(t *testing.T, w *world, players []*player) string {
	t.Helper()
	discarded := map[string]time.Time{}
	for i := 0; playTurn(t, w, players, discarded); i++ {
		if i > 400 {
			t.Fatal("no end after 400 turns")
		}
	}
	return text(w.tableMessage("[Play again]"))
}

// waitForMover waits until some player's hand offers the draw.
func waitForMover(t *testing.T, players []*player) (*player, *discordgo.Message) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		for _, p := range players {
			if m := p.hand(); button(m, "draw", "deck") != "" {
				return p, m
			}
		}
	}
	t.Fatal("nobody's hand offers a draw")
	return nil, nil
}

func quickOpts(stake int64) []discordtest.ActionOption {
	return []discordtest.ActionOption{discordtest.IntOpt("stake", stake), discordtest.IntOpt("ante", 5),
		discordtest.IntOpt("claim_window", 0), discordtest.IntOpt("turn_timer", 600)}
}

func TestLaroGameSurvivesRestart(t *testing.T) {
	w := newWorld(t)
	alice, bob := w.player("alice"), w.player("bob")
	players := []*player{alice, bob}
	openTable(t, w, alice, []*player{bob}, quickOpts(1)...)
	discarded := map[string]time.Time{}
	for range 4 {
		if !playTurn(t, w, players, discarded) {
			t.Fatal("the game ended within four turns")
		}
	}
	// The player to move holds a hand message drawn before the restart.
	mover, old := waitForMover(t, players)
	w.restart()

	// Their next click on the old message just works.
	mover.click(old, button(old, "draw", "deck"))
	hand := mover.waitHand("discards after the restart", func(m *discordgo.Message) bool { return button(m, "discard", "*") != "" })
	if !strings.Contains(text(hand), "You drew") {
		t.Errorf("after the restart the draw showed no card:\n%s", text(hand))
	}
	w.tableMessage("cardbot restarted")
	// The other player's hand message, opened before the restart, still
	// updates itself: the bot kept its token.
	mover.click(hand, button(hand, "discard", cardsOf(t, hand)[0].String()))
	for _, p := range players {
		if p != mover {
			p.waitHand("their turn, after the restart", func(m *discordgo.Message) bool { return button(m, "draw", "deck") != "" })
		}
	}
	final := playToEnd(t, w, players)
	if !strings.Contains(final, "wins with") && !strings.Contains(final, "no winner") {
		t.Fatalf("the game did not finish after the restart:\n%s", final)
	}
	for _, p := range players {
		if bal, _ := w.st.Balance(t.Context(), w.guild.ID(), p.u.ID()); bal.Held != 0 {
			t.Errorf("%s still has %d chips held after the game", p.u.Name(), bal.Held)
		}
	}
	w.noFailures()
}

func TestLaroActionStoredButReplyLost(t *testing.T) {
	w := newWorld(t)
	alice, bob := w.player("alice"), w.player("bob")
	openTable(t, w, alice, []*player{bob}, quickOpts(1)...)
	hand := alice.waitHand("the draw", func(m *discordgo.Message) bool { return button(m, "draw", "deck") != "" })
	alice.click(hand, button(hand, "draw", "deck"))
	hand = alice.waitHand("discards", func(m *discordgo.Message) bool { return button(m, "discard", "*") != "" })
	card := cardsOf(t, hand)[0]

	// The discard is stored, but the answer never reaches Discord (as if the
	// bot died right after its commit); then the bot restarts.
	w.srv.FailRequests("POST", "/interactions/*/*/callback", 1, 500)
	r, err := alice.u.Click(hand, button(hand, "discard", card.String()))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Wait(); !errors.Is(err, discordtest.ErrInteractionFailed) {
		t.Fatalf("the lost answer: got %v, want ErrInteractionFailed", err)
	}
	w.restart()
	table := w.tableMessage("cardbot restarted")
	if !strings.Contains(text(table), "discarded **"+card.Symbol()+"**") {
		t.Errorf("after the restart the table does not show alice's stored discard of %s:\n%s", card.Symbol(), text(table))
	}
	// It is bob's turn, and alice cannot discard again.
	bob.openHand(table)
	bob.waitHand("bob's draw", func(m *discordgo.Message) bool { return button(m, "draw", "deck") != "" })
	if cb := alice.click(hand, button(hand, "discard", card.String())); !strings.Contains(text(cb.Message), "earlier moment") {
		t.Errorf("alice's repeated discard answered %q, want it refused as out of date", text(cb.Message))
	}
	if n := len(w.srv.Failures()); n != 1 {
		t.Errorf("got %d interaction failures, want exactly the one lost answer", n)
	}
}

func TestLaroRefusesBadInput(t *testing.T) {
	w := newWorld(t)
	alice, bob, dave := w.player("alice"), w.player("bob"), w.player("dave")
	table := openTable(t, w, alice, []*player{bob}, quickOpts(1)...)
	parts := strings.Split(button(table, "hand", ""), "/")
	tableID := parts[2]

	cases := []struct {
		name string
		do   func() (*discordtest.Response, error)
		want string
	}{
		{"not seated", func() (*discordtest.Response, error) { return dave.u.Click(table, button(table, "hand", "")) }, "not seated"},
		{"not seated LARO!", func() (*discordtest.Response, error) { return dave.u.Click(table, button(table, "laro", "")) }, "not seated"},
		{"forged garbage", func() (*discordtest.Response, error) { return dave.u.ForgeClick(w.ch, "drop table games;--") }, "not one of cardbot's current buttons"},
		{"forged unknown table", func() (*discordtest.Response, error) { return dave.u.ForgeClick(w.ch, "v1/laro/zzzzzz/1/hand") }, "has closed"},
		{"forged join after start", func() (*discordtest.Response, error) {
			return dave.u.ForgeClick(w.ch, "v1/laro/"+tableID+"/0/join")
		}, "already started"},
		{"forged verb", func() (*discordtest.Response, error) { return alice.u.ForgeClick(w.ch, "v1/laro/"+tableID+"/1/cheat") }, "not one of this table's"},
		{"forged card", func() (*discordtest.Response, error) {
			return alice.u.ForgeClick(w.ch, "v1/laro/"+tableID+"/1/discard/X+99")
		}, ""},
		{"out of turn", func() (*discordtest.Response, error) {
			return bob.u.ForgeClick(w.ch, "v1/laro/"+tableID+"/0/draw/deck")
		}, "not your turn"},
		{"old game", func() (*discordtest.Response, error) { return alice.u.ForgeClick(w.ch, "v1/laro/"+tableID+"/7/laro") }, "earlier game"},
	}
	for _, c := range cases {
		r, err := c.do()
		cb := answer(t, r, err)
		if !cb.Ephemeral && cb.Type != discordgo.InteractionResponseUpdateMessage {
			t.Errorf("%s: answered publicly: %q", c.name, text(cb.Message))
		}
		if got := strings.ToLower(text(cb.Message) + string(cb.Data)); !strings.Contains(got, strings.ToLower(c.want)) {
			t.Errorf("%s: answered %q, want it to say %q", c.name, got, c.want)
		}
	}

	// A forged draw on the public table message must not turn that message
	// into bob's hand: the answer is a private message.
	r, err := bob.u.ForgeClick(w.ch, "v1/laro/"+tableID+"/0/draw/deck")
	if cb := answer(t, r, err); !cb.Ephemeral {
		t.Errorf("a forged hand button was answered publicly: %q", text(cb.Message))
	}
	if pub := text(w.ch.Message(table.ID)); strings.Contains(pub, "Your hand") {
		t.Errorf("the public table now shows a hand:\n%s", pub)
	}

	// A malformed event and a zero-valued one reach the bot; it carries on.
	w.srv.SendRawInteraction(w.guild, []byte(`{"id":"","type":0}`))
	w.srv.SendRawInteraction(w.guild, []byte(`{"id":"1","token":"t","type":3,"data":{"custom_id":7},"member":{"user":{"id":"9"}}}`))

	// A double click: two clicks on one discard button before the first is
	// answered. One discard happens; the other is refused and changes nothing.
	hand := alice.waitHand("the draw", func(m *discordgo.Message) bool { return button(m, "draw", "deck") != "" })
	alice.click(hand, button(hand, "draw", "deck"))
	hand = alice.waitHand("discards", func(m *discordgo.Message) bool { return button(m, "discard", "*") != "" })
	id := button(hand, "discard", cardsOf(t, hand)[0].String())
	var wg sync.WaitGroup
	answers := make([]string, 2)
	for i := range answers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := alice.u.Click(hand, id)
			if err != nil {
				answers[i] = "click refused by Discord: " + err.Error()
				return
			}
			cb, err := r.Wait()
			if err != nil {
				answers[i] = err.Error()
				return
			}
			answers[i] = text(cb.Message)
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
	pub := w.tableMessage("discarded")
	if n := strings.Count(text(pub), "<@"+alice.u.ID()+"> discarded"); n != 1 {
		t.Errorf("the table shows %d discards by alice, want 1:\n%s", n, text(pub))
	}
	bob.waitHand("bob's turn", func(m *discordgo.Message) bool { return button(m, "draw", "deck") != "" })
	w.noFailures()
}

func TestLaroTimeoutsPlayForAPlayerThenRemoveThem(t *testing.T) {
	w := newWorld(t, func(o *bot.Options) { o.TurnTimerUnit = 10 * time.Millisecond })
	alice, bob := w.player("alice"), w.player("bob")
	// turn_timer 15 lasts 150 ms here. Nobody touches their hand: the bot
	// moves for both, and alice, who moves first, misses three turns first.
	openTable(t, w, alice, []*player{bob}, discordtest.IntOpt("stake", 1), discordtest.IntOpt("ante", 10),
		discordtest.IntOpt("claim_window", 0), discordtest.IntOpt("turn_timer", 15))
	final := text(w.tableMessage("[Play again]"))
	if !strings.Contains(final, "ran out of time") && !strings.Contains(final, "left the game") {
		t.Errorf("the table never said a move was made for someone:\n%s", final)
	}
	if !strings.Contains(final, "<@"+bob.u.ID()+"> wins by default") {
		t.Fatalf("want bob to win by default after alice left:\n%s", final)
	}
	// Alice's ante stayed in the pot: bob takes both antes, no stakes (0 points).
	for p, want := range map[*player]int64{alice: 990, bob: 1010} {
		if bal, _ := w.st.Balance(t.Context(), w.guild.ID(), p.u.ID()); bal.Total != want || bal.Held != 0 {
			t.Errorf("%s: %+v, want %d and nothing held", p.u.Name(), bal, want)
		}
	}
	w.noFailures()
}

func TestLaroAgainstComputers(t *testing.T) {
	w := newWorld(t)
	alice := w.player("alice")
	r, err := alice.u.Slash(w.ch, "laro new", quickOpts(5)...)
	answer(t, r, err)
	lobby := w.tableMessage("Click **Join**")
	alice.click(lobby, button(lobby, "computer", ""))
	lobby = w.tableMessage("🤖")
	if !strings.Contains(text(lobby), "Stake **0**") {
		t.Errorf("a table with a computer seat must be unstaked:\n%s", text(lobby))
	}
	alice.click(w.ch.Message(lobby.ID), button(lobby, "computer", ""))
	alice.click(w.ch.Message(lobby.ID), button(lobby, "start", ""))
	table := w.tableMessage("game 1")
	alice.openHand(table)
	final := playToEnd(t, w, []*player{alice})
	if !strings.Contains(final, "wins") && !strings.Contains(final, "no winner") {
		t.Fatalf("no result:\n%s", final)
	}
	if bal, _ := w.st.Balance(t.Context(), w.guild.ID(), alice.u.ID()); bal.Total != 1000 || bal.Held != 0 {
		t.Errorf("chips moved at a computer table: %+v", bal)
	}
	w.noFailures()
}

func TestLaroLobbyClosesItselfAndFreesTheSeat(t *testing.T) {
	w := newWorld(t, func(o *bot.Options) { o.LobbyTimeout = 300 * time.Millisecond })
	alice := w.player("alice")
	r, err := alice.u.Slash(w.ch, "laro new")
	answer(t, r, err)
	w.tableMessage("nobody started it in time")
	r, err = alice.u.Slash(w.ch, "laro new")
	if cb := answer(t, r, err); !strings.Contains(text(cb.Message), "is open") {
		t.Errorf("after the lobby closed, /laro new answered %q", text(cb.Message))
	}
	w.noFailures()
}

func TestLaroTableComesBackWhenDiscordAllowsIt(t *testing.T) {
	w := newWorld(t)
	alice, bob := w.player("alice"), w.player("bob")
	table := openTable(t, w, alice, []*player{bob}, quickOpts(1)...)

	// A moderator deletes the table message: the next change posts it again.
	if !w.ch.DeleteMessage(table.ID) {
		t.Fatal("could not delete the table message")
	}
	hand := alice.waitHand("the draw", func(m *discordgo.Message) bool { return button(m, "draw", "deck") != "" })
	alice.click(hand, button(hand, "draw", "deck"))
	reposted := w.tableMessage("drew from the deck")
	if reposted.ID == table.ID {
		t.Fatal("the deleted message came back with the same ID")
	}

	// The channel stops letting the bot post: the next player to click is
	// told what permission is missing; once it is back, the table returns.
	w.ch.SetBotPermissions(discordtest.DefaultBotPermissions &^ discordgo.PermissionSendMessages)
	hand = alice.waitHand("discards", func(m *discordgo.Message) bool { return button(m, "discard", "*") != "" })
	alice.click(hand, button(hand, "discard", cardsOf(t, hand)[0].String()))
	time.Sleep(200 * time.Millisecond) // let the refused edit happen
	hand = bob.waitHand("bob's draw", func(m *discordgo.Message) bool { return button(m, "draw", "deck") != "" })
	cb := bob.click(hand, button(hand, "draw", "deck"))
	if !strings.Contains(text(cb.Message), "Send Messages") {
		t.Errorf("bob's next click answered %q, want it to name the missing permission", text(cb.Message))
	}
	w.ch.SetBotPermissions(discordtest.DefaultBotPermissions)
	w.tableMessage("<@" + bob.u.ID() + "> drew from the deck")
	w.noFailures()
}
