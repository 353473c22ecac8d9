package laro_test

import (
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/internal/e2e"
	"github.com/cardbot/cardbot/engine/laro"
)

// bothCallCarolBetter finds a deal where bob and carol can both call on
// alice's discard and carol's cluster outranks bob's (neither wins).
func bothCallCarolBetter(g *laro.Game) bool {
	b, okB := g.BestCall(1)
	c, okC := g.BestCall(2)
	return okB && okC && !b.Win && !c.Win && c.Kind > b.Kind
}

// The tables of these tests have W = 1 s and G = e2e.ClaimGrace (3 s,
// e2e.ClaimTable). Calls are stamped from S, bob's call, at the earliest
// D+1.1s but never before the moment he clicks, and sent at once, so they
// all arrive long before the settlement, at S + 2G, even on a loaded
// machine.

func TestLaroBetterCallWithinGraceOfFirstCallWins(t *testing.T) {
	t.Parallel()
	seed, x := e2e.FindDeal(t, bothCallCarolBetter)
	w, players, table, d := e2e.ClaimTable(t, seed, x)
	bob, carol := players[1], players[2]

	// Nobody draws. D+W has passed when bob calls at S: the first call
	// closes the window at S+G, so carol's better call, stamped 100 ms
	// after his, still takes part and the rules pick it.
	s := e2e.Stamp(d.Add(1100 * time.Millisecond))
	rb := e2e.CallLaro(t, bob, table, s, 0)
	if cb := e2e.Answer(t, rb, nil); !strings.Contains(e2e.Text(cb.Message), "is in") {
		t.Fatalf("bob's LARO! answered %q, want 'is in'", e2e.Text(cb.Message))
	}
	rc := e2e.CallLaro(t, carol, table, s.Add(100*time.Millisecond), 0)
	if cb := e2e.Answer(t, rc, nil); !strings.Contains(e2e.Text(cb.Message), "is in") {
		t.Fatalf("carol's LARO! 100 ms after bob's answered %q, want 'is in'", e2e.Text(cb.Message))
	}

	if got := e2e.FinalText(t, rb, 1); !strings.Contains(got, e2e.Named(carol)+"'s LARO! took") || !strings.Contains(got, "outranks your") {
		t.Errorf("bob was told %q, want that carol's better cluster took the card", got)
	}
	m, err := rc.WaitEdited(1, e2e.Patience)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(e2e.Text(m), "Too late") || !strings.HasPrefix(m.Embeds[0].Title, "Your hand") {
		t.Errorf("carol's call message after the contest shows:\n%s\nwant her hand", e2e.Text(m))
	}
	w.NoFailures()
}

func TestLaroCallAfterFirstCallGraceIsTooLate(t *testing.T) {
	t.Parallel()
	seed, x := e2e.FindDeal(t, bothCallCarolBetter)
	w, players, table, d := e2e.ClaimTable(t, seed, x)
	bob, carol := players[1], players[2]

	// Bob's call at S closes the window at S+G. Carol's call stamped
	// S+G+100ms is refused at once, better cluster or not, and bob's call
	// takes the card.
	s := e2e.Stamp(d.Add(1100 * time.Millisecond))
	rb := e2e.CallLaro(t, bob, table, s, 0)
	e2e.Answer(t, rb, nil)
	rc := e2e.CallLaro(t, carol, table, s.Add(e2e.ClaimGrace+100*time.Millisecond), 0)
	if cb := e2e.Answer(t, rc, nil); !strings.Contains(e2e.Text(cb.Message), "Too late") {
		t.Errorf("carol's call stamped after S+G answered %q, want 'Too late'", e2e.Text(cb.Message))
	}
	// Bob won: his call message turns into his hand.
	m, err := rb.WaitEdited(1, e2e.Patience)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(m.Embeds[0].Title, "Your hand") {
		t.Errorf("bob's call message after the contest shows:\n%s\nwant his hand", e2e.Text(m))
	}
	w.NoFailures()
}

func TestLaroCancelledDrawIsExplainedUntilTheDrawersTurn(t *testing.T) {
	t.Parallel()
	// Carol's call beats bob's waiting draw, and she has a choice of
	// clusters to lay.
	seed, x := e2e.FindDeal(t, func(g *laro.Game) bool {
		opts := g.CallOptions(2)
		return len(opts) > 1 && !opts[0].Win
	})
	w, players, table, d := e2e.ClaimTable(t, seed, x)
	alice, bob, carol := players[0], players[1], players[2]
	why := "Your draw was cancelled: " + e2e.Named(carol) + " called LARO!"

	hand := bob.WaitHand("the draw", func(m *discordgo.Message) bool { return e2e.Button(m, "draw", "deck") != "" })
	if _, err := bob.U.Click(hand, e2e.Button(hand, "draw", "deck"), discordtest.WithTime(d.Add(100*time.Millisecond))); err != nil {
		t.Fatal(err)
	}
	e2e.Answer(t, e2e.CallLaro(t, carol, table, d.Add(300*time.Millisecond), 0), nil)
	choice := carol.WaitHand("a choice of clusters", func(m *discordgo.Message) bool { return e2e.Button(m, "lay", "*") != "" })
	hand = bob.WaitHand("why his draw was cancelled", func(m *discordgo.Message) bool { return strings.Contains(e2e.Text(m), why) })
	if e2e.Button(hand, "draw", "*") != "" || !strings.Contains(e2e.Text(hand), "is choosing which cluster") {
		t.Errorf("while carol chooses, bob's hand offers a draw or does not say why he waits:\n%s", e2e.Text(hand))
	}

	// Carol chooses: every hand is redrawn, and bob's still says why.
	carol.Click(choice, e2e.Button(choice, "lay", "*"))
	hand = bob.WaitHand("carol to discard", func(m *discordgo.Message) bool {
		return strings.Contains(e2e.Text(m), "Waiting for "+e2e.Named(carol))
	})
	if !strings.Contains(e2e.Text(hand), why) {
		t.Errorf("after carol chose, bob's hand no longer says why his draw was cancelled:\n%s", e2e.Text(hand))
	}

	// Carol discards: it is alice's turn, and bob's note stays.
	hand = carol.WaitHand("her discards", func(m *discordgo.Message) bool { return e2e.Button(m, "discard", "*") != "" })
	carol.Click(hand, e2e.Button(hand, "discard", "*"))
	hand = bob.WaitHand("alice's turn", func(m *discordgo.Message) bool {
		return strings.Contains(e2e.Text(m), "Waiting for "+e2e.Named(alice))
	})
	if !strings.Contains(e2e.Text(hand), why) {
		t.Errorf("on alice's turn, bob's hand no longer says why his draw was cancelled:\n%s", e2e.Text(hand))
	}

	// Alice's draw waits for the window on carol's discard. A restart
	// meanwhile rebuilds bob's note from the stored log.
	ah := alice.WaitHand("the draw", func(m *discordgo.Message) bool { return e2e.Button(m, "draw", "deck") != "" })
	if _, err := alice.U.Click(ah, e2e.Button(ah, "draw", "deck")); err != nil {
		t.Fatal(err)
	}
	w.TableMessage("'s draw waits for it") // stored: the table shows it waiting
	w.Restart()
	var cb discordtest.Callback
	for try := 0; ; try++ {
		// Bob's hand may be redrawn (alice's draw settles) between reading
		// it and clicking, as for a person: then he clicks the new one.
		hand = bob.Hand()
		r, err := bob.U.Click(hand, e2e.Button(hand, "refresh", ""))
		if err == nil {
			cb = e2e.Answer(t, r, nil)
			break
		}
		if try == 20 {
			t.Fatal(err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if !strings.Contains(e2e.Text(cb.Message), why) {
		t.Errorf("after a restart, bob's refreshed hand no longer says why his draw was cancelled:\n%s", e2e.Text(cb.Message))
	}

	// Alice discards; on bob's turn the note has gone.
	ah = alice.WaitHand("her discards", func(m *discordgo.Message) bool { return e2e.Button(m, "discard", "*") != "" })
	alice.Click(ah, e2e.Button(ah, "discard", "*"))
	hand = bob.WaitHand("his turn", func(m *discordgo.Message) bool { return e2e.Button(m, "draw", "deck") != "" })
	if strings.Contains(e2e.Text(hand), "cancelled") {
		t.Errorf("on his next turn bob's hand still explains the old cancelled draw:\n%s", e2e.Text(hand))
	}
	w.NoFailures()
}
