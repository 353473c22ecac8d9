package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/engine/laro"
)

// bothCallCarolBetter finds a deal where bob and carol can both call on
// alice's discard and carol's cluster outranks bob's (neither wins).
func bothCallCarolBetter(g *laro.Game) bool {
	b, okB := g.BestCall(1)
	c, okC := g.BestCall(2)
	return okB && okC && !b.Win && !c.Win && c.Kind > b.Kind
}

// The tables of these tests have W = 1 s and G = 1 s (claimTable). Calls
// are stamped ahead of the clock and sent at once, so they all arrive long
// before the settlement, at S + 2G, even on a loaded machine.

func TestLaroBetterCallWithinGraceOfFirstCallWins(t *testing.T) {
	seed, x := findDeal(t, bothCallCarolBetter)
	w, players, table, d := claimTable(t, seed, x)
	bob, carol := players[1], players[2]

	// Nobody draws. D+W has passed when bob calls at S = D+1.1s: the first
	// call closes the window at S+G, so carol's better call, stamped 100 ms
	// after his, still takes part and the rules pick it.
	s := d.Add(1100 * time.Millisecond)
	rb := callLaro(t, bob, table, s, 0)
	if cb := answer(t, rb, nil); !strings.Contains(text(cb.Message), "is in") {
		t.Fatalf("bob's LARO! answered %q, want 'is in'", text(cb.Message))
	}
	rc := callLaro(t, carol, table, s.Add(100*time.Millisecond), 0)
	if cb := answer(t, rc, nil); !strings.Contains(text(cb.Message), "is in") {
		t.Fatalf("carol's LARO! 100 ms after bob's answered %q, want 'is in'", text(cb.Message))
	}

	if got := finalText(t, rb, 1); !strings.Contains(got, "<@"+carol.u.ID()+">'s LARO! took") || !strings.Contains(got, "outranks your") {
		t.Errorf("bob was told %q, want that carol's better cluster took the card", got)
	}
	m, err := rc.WaitEdited(1, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(text(m), "Too late") || !strings.HasPrefix(m.Embeds[0].Title, "Your hand") {
		t.Errorf("carol's call message after the contest shows:\n%s\nwant her hand", text(m))
	}
	w.noFailures()
}

func TestLaroCallAfterFirstCallGraceIsTooLate(t *testing.T) {
	seed, x := findDeal(t, bothCallCarolBetter)
	w, players, table, d := claimTable(t, seed, x)
	bob, carol := players[1], players[2]

	// Bob's call at S = D+1.1s closes the window at S+G = D+2.1s. Carol's
	// call stamped D+2.2s is refused at once, better cluster or not, and
	// bob's call takes the card.
	s := d.Add(1100 * time.Millisecond)
	rb := callLaro(t, bob, table, s, 0)
	answer(t, rb, nil)
	rc := callLaro(t, carol, table, s.Add(time.Second+100*time.Millisecond), 0)
	if cb := answer(t, rc, nil); !strings.Contains(text(cb.Message), "Too late") {
		t.Errorf("carol's call stamped after S+G answered %q, want 'Too late'", text(cb.Message))
	}
	// Bob won: his call message turns into his hand.
	m, err := rb.WaitEdited(1, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(m.Embeds[0].Title, "Your hand") {
		t.Errorf("bob's call message after the contest shows:\n%s\nwant his hand", text(m))
	}
	w.noFailures()
}

func TestLaroCancelledDrawIsExplainedUntilTheDrawersTurn(t *testing.T) {
	// Carol's call beats bob's waiting draw, and she has a choice of
	// clusters to lay.
	seed, x := findDeal(t, func(g *laro.Game) bool {
		opts := g.CallOptions(2)
		return len(opts) > 1 && !opts[0].Win
	})
	w, players, table, d := claimTable(t, seed, x)
	alice, bob, carol := players[0], players[1], players[2]
	why := "Your draw was cancelled: <@" + carol.u.ID() + "> called LARO!"

	hand := bob.waitHand("the draw", func(m *discordgo.Message) bool { return button(m, "draw", "deck") != "" })
	bob.click(hand, button(hand, "draw", "deck"), discordtest.WithTime(d.Add(100*time.Millisecond)))
	answer(t, callLaro(t, carol, table, d.Add(300*time.Millisecond), 0), nil)
	choice := carol.waitHand("a choice of clusters", func(m *discordgo.Message) bool { return button(m, "lay", "*") != "" })
	hand = bob.waitHand("why his draw was cancelled", func(m *discordgo.Message) bool { return strings.Contains(text(m), why) })
	if button(hand, "draw", "*") != "" || !strings.Contains(text(hand), "is choosing which cluster") {
		t.Errorf("while carol chooses, bob's hand offers a draw or does not say why he waits:\n%s", text(hand))
	}

	// Carol chooses: every hand is redrawn, and bob's still says why.
	carol.click(choice, button(choice, "lay", "*"))
	hand = bob.waitHand("carol to discard", func(m *discordgo.Message) bool {
		return strings.Contains(text(m), "Waiting for <@"+carol.u.ID()+">")
	})
	if !strings.Contains(text(hand), why) {
		t.Errorf("after carol chose, bob's hand no longer says why his draw was cancelled:\n%s", text(hand))
	}

	// Carol discards: it is alice's turn, and bob's note stays.
	hand = carol.waitHand("her discards", func(m *discordgo.Message) bool { return button(m, "discard", "*") != "" })
	carol.click(hand, button(hand, "discard", "*"))
	hand = bob.waitHand("alice's turn", func(m *discordgo.Message) bool {
		return strings.Contains(text(m), "Waiting for <@"+alice.u.ID()+">")
	})
	if !strings.Contains(text(hand), why) {
		t.Errorf("on alice's turn, bob's hand no longer says why his draw was cancelled:\n%s", text(hand))
	}

	// Alice's draw waits for the window on carol's discard. A restart
	// meanwhile rebuilds bob's note from the stored log.
	ah := alice.waitHand("the draw", func(m *discordgo.Message) bool { return button(m, "draw", "deck") != "" })
	alice.click(ah, button(ah, "draw", "deck"))
	w.restart()
	cb := bob.click(hand, button(hand, "refresh", ""))
	if !strings.Contains(text(cb.Message), why) {
		t.Errorf("after a restart, bob's refreshed hand no longer says why his draw was cancelled:\n%s", text(cb.Message))
	}

	// Alice discards; on bob's turn the note has gone.
	ah = alice.waitHand("her discards", func(m *discordgo.Message) bool { return button(m, "discard", "*") != "" })
	alice.click(ah, button(ah, "discard", "*"))
	hand = bob.waitHand("his turn", func(m *discordgo.Message) bool { return button(m, "draw", "deck") != "" })
	if strings.Contains(text(hand), "cancelled") {
		t.Errorf("on his next turn bob's hand still explains the old cancelled draw:\n%s", text(hand))
	}
	w.noFailures()
}
