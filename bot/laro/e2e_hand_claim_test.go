package laro_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/internal/e2e"
	"github.com/cardbot/cardbot/engine/laro"
)

// The tables of these tests have W = 1 s and G = 1 s (e2e.ClaimTable):
// alice deals and discards, bob is next to draw, carol sits after him.

// afterDiscard is the game of e2e.ClaimTable once alice has discarded x.
func afterDiscard(t *testing.T, seed uint64, x laro.Card) *laro.Game {
	t.Helper()
	g, err := laro.Replay(laro.Config{Seats: 3, Dealer: 0}, seed, []laro.Action{laro.Draw{Seat: 0}, laro.Discard{Seat: 0, Card: x}})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestLaroCallFromTheHandWinsByItsStamp(t *testing.T) {
	t.Parallel()
	// Carol can lay alice's discard; bob cannot.
	seed, x := e2e.FindDeal(t, func(g *laro.Game) bool {
		_, bob := g.BestCall(1)
		c, carol := g.BestCall(2)
		return !bob && carol && !c.Win
	})
	w, players, table, d := e2e.ClaimTable(t, seed, x)
	alice, bob, carol := players[0], players[1], players[2]
	best, _ := afterDiscard(t, seed, x).BestCall(2)

	// The discard edits carol's open hand at once: a LARO! button, the very
	// button the table has, and what the card would make with her cards.
	hand := carol.WaitHand("a LARO! button", func(m *discordgo.Message) bool { return e2e.Button(m, "laro", "") != "" })
	if got, want := e2e.Button(hand, "laro", ""), e2e.Button(table, "laro", ""); got != want {
		t.Errorf("carol's hand LARO! is %q, want the table's %q", got, want)
	}
	makes := fmt.Sprintf("%s makes a **%s** cluster with %s %s", x.Symbol(), best.Kind, best.Pair[0].Symbol(), best.Pair[1].Symbol())
	if !strings.Contains(e2e.Text(hand), makes) {
		t.Errorf("carol's hand does not say %q:\n%s", makes, e2e.Text(hand))
	}
	// Bob, whose turn it now is, could not lay the card: his hand shows no
	// LARO! button, not even a disabled one, nor the line. Nor does alice's,
	// whose discard it is.
	bobHand := bob.WaitHand("his draw", func(m *discordgo.Message) bool { return e2e.Button(m, "draw", "deck") != "" })
	for _, h := range []*discordgo.Message{bobHand, alice.Hand()} {
		if e2e.Button(h, "laro", "") != "" || strings.Contains(e2e.Text(h), "Press **LARO!**") {
			t.Errorf("a hand that cannot call shows LARO!:\n%s", e2e.Text(h))
		}
	}

	// Bob presses draw stamped D+1.1s, after the 1 s minimum: the window
	// closes then. Carol's call from her hand, stamped D+1s, reaches the bot
	// only at D+1.4s, after the close and after his draw: it counts by its
	// stamp, not its arrival, and beats the draw.
	rd, err := bob.U.Click(bobHand, e2e.Button(bobHand, "draw", "deck"), discordtest.WithTime(d.Add(1100*time.Millisecond)))
	if err != nil {
		t.Fatal(err)
	}
	w.TableMessage("'s draw waits for it")
	before := len(carol.U.Ephemeral())
	r, err := carol.U.Click(hand, e2e.Button(hand, "laro", ""), discordtest.WithTime(d.Add(time.Second)),
		discordtest.WithDelay(time.Until(d.Add(1400*time.Millisecond))))
	cb := e2e.Answer(t, r, err)
	if cb.Type != discordgo.InteractionResponseUpdateMessage || !strings.Contains(e2e.Text(cb.Message), "Your LARO! on "+x.Symbol()+" is in") {
		t.Fatalf("carol's LARO! from her hand answered (type %d):\n%s\nwant her hand updated with the call in", cb.Type, e2e.Text(cb.Message))
	}
	if e2e.Button(cb.Message, "laro", "") != "" {
		t.Errorf("carol's hand still offers LARO! with her call in:\n%s", e2e.Text(cb.Message))
	}

	// She wins: her hand offers the cluster to lay, or else her discards.
	hand = carol.WaitHand("her call's outcome", func(m *discordgo.Message) bool {
		return e2e.Button(m, "lay", "*") != "" || e2e.Button(m, "discard", "*") != ""
	})
	if id := e2e.Button(hand, "lay", "*"); id != "" {
		carol.Click(hand, id)
		carol.WaitHand("her discards", func(m *discordgo.Message) bool { return e2e.Button(m, "discard", "*") != "" })
	}
	if n := len(carol.U.Ephemeral()); n != before {
		t.Errorf("carol has %d private messages after calling from her hand, want the %d she had: the hand answers", n, before)
	}
	pub := w.TableMessage("called LARO! and laid")
	if !strings.Contains(e2e.Text(pub), e2e.Named(carol)+" called LARO!") || !strings.Contains(e2e.Text(pub), e2e.Named(bob)+" jumped") {
		t.Errorf("the table does not show carol's call jumping bob:\n%s", e2e.Text(pub))
	}
	if got := e2e.Text(e2e.Reply(t, rd, nil)); !strings.Contains(got, "Your draw was cancelled") && !strings.Contains(got, "waits for the LARO! window") {
		t.Errorf("bob's draw answered %q, want it cancelled by carol's call, or waiting for the window", got)
	}
	bob.WaitHand("his cancelled draw", func(m *discordgo.Message) bool { return strings.Contains(e2e.Text(m), "Your draw was cancelled") })
	w.NoFailures()
}

func TestLaroHandCallerIsToldTheOutcomeInTheHand(t *testing.T) {
	t.Parallel()
	seed, x := e2e.FindDeal(t, bothCallCarolBetter)
	w, players, table, d := e2e.ClaimTable(t, seed, x)
	bob, carol := players[1], players[2]

	// Bob, next to draw, can call too: LARO! leads his row of draw buttons.
	hand := bob.WaitHand("LARO! beside his draw", func(m *discordgo.Message) bool {
		return e2e.Button(m, "laro", "") != "" && e2e.Button(m, "draw", "deck") != ""
	})
	cb := bob.Click(hand, e2e.Button(hand, "laro", ""), discordtest.WithTime(d.Add(200*time.Millisecond)))
	if !strings.Contains(e2e.Text(cb.Message), "is in") {
		t.Fatalf("bob's LARO! from his hand answered:\n%s", e2e.Text(cb.Message))
	}
	// Carol calls from the table, later but with a better cluster.
	e2e.Answer(t, e2e.CallLaro(t, carol, table, d.Add(300*time.Millisecond), 0), nil)

	hand = bob.WaitHand("the contest's outcome", func(m *discordgo.Message) bool {
		return strings.Contains(e2e.Text(m), e2e.Named(carol)+"'s LARO! took")
	})
	if !strings.Contains(e2e.Text(hand), "outranks your") || e2e.Button(hand, "laro", "") != "" {
		t.Errorf("bob's hand after losing the contest shows:\n%s\nwant why carol's call won, and no LARO!", e2e.Text(hand))
	}
	w.TableMessage("called LARO! and laid")
	w.NoFailures()
}

func TestLaroWindowCountsDownThenWaitsForTheDraw(t *testing.T) {
	t.Parallel()
	seed, x := e2e.FindDeal(t, func(g *laro.Game) bool { _, ok := g.BestCall(2); return ok })
	w, players, _, d := e2e.ClaimTable(t, seed, x)
	bob, carol := players[1], players[2]

	// Until the 1 s minimum has passed, the table and carol's hand count
	// down to it; Discord shows <t:…:R> as a live "in 1 second".
	minimum := fmt.Sprintf("closes <t:%d:R> at the earliest", d.Add(time.Second).Unix())
	hand := carol.WaitHand("a LARO! button", func(m *discordgo.Message) bool { return e2e.Button(m, "laro", "") != "" })
	if !strings.Contains(e2e.Text(hand), minimum) && !strings.Contains(e2e.Text(hand), "stays open until") {
		t.Errorf("carol's hand does not count down to the minimum (%q):\n%s", minimum, e2e.Text(hand))
	}
	// Once it has passed with nobody drawing or calling, the window waits
	// for bob's draw, and both say so rather than "1 second ago".
	until := "stays open until " + e2e.Named(bob) + " draws"
	carol.WaitHand("the window waiting for bob", func(m *discordgo.Message) bool {
		return strings.Contains(e2e.Text(m), until) && e2e.Button(m, "laro", "") != ""
	})
	w.TableMessage("LARO! can be called on **" + x.Symbol() + "**: the window " + until)
	w.NoFailures()
}
