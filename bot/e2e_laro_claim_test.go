package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot"
	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/engine/laro"
)

// findDeal searches seeds for a 3-seat game dealt by seat 0 in which, once
// seat 0 has drawn from the deck, discarding some card x makes cond true.
func findDeal(t *testing.T, cond func(g *laro.Game) bool) (uint64, laro.Card) {
	t.Helper()
	cfg := laro.Config{Seats: 3, Dealer: 0}
	for seed := uint64(1); seed < 100000; seed++ {
		g, err := laro.New(cfg, seed)
		if err != nil {
			t.Fatal(err)
		}
		draw := laro.Draw{Seat: 0}
		if g.Apply(draw) != nil {
			continue
		}
		for _, x := range g.Hand(0) {
			after, err := laro.Replay(cfg, seed, []laro.Action{draw, laro.Discard{Seat: 0, Card: x}})
			if err == nil && cond(after) {
				return seed, x
			}
		}
	}
	t.Fatal("no deal found")
	return 0, 0
}

// claimTable opens a 3-player table (alice hosting and dealing, then bob,
// carol) with a 1 s LARO! window on the given seed, has alice draw and
// discard x, and returns the players, the table message and D, the
// discard's snowflake time.
func claimTable(t *testing.T, seed uint64, x laro.Card) (*world, []*player, *discordgo.Message, time.Time) {
	t.Helper()
	w := newWorld(t, func(o *bot.Options) {
		o.NewSeed = func() uint64 { return seed }
		// A wide grace keeps the late-arriving calls of these tests inside
		// it even on a loaded CI machine.
		o.ClaimGrace = time.Second
	})
	alice, bob, carol := w.player("alice"), w.player("bob"), w.player("carol")
	r, err := alice.u.Slash(w.ch, "laro new", discordtest.IntOpt("stake", 1), discordtest.IntOpt("ante", 0),
		discordtest.IntOpt("claim_window", 1), discordtest.IntOpt("turn_timer", 600))
	answer(t, r, err)
	lobby := w.tableMessage("Click **Join**")
	bob.click(lobby, button(lobby, "join", ""))
	carol.click(lobby, button(lobby, "join", ""))
	alice.click(lobby, button(lobby, "start", ""))
	table := w.tableMessage("game 1")
	players := []*player{alice, bob, carol}
	for _, p := range players {
		p.openHand(table)
	}
	hand := alice.waitHand("the draw", func(m *discordgo.Message) bool { return button(m, "draw", "deck") != "" })
	alice.click(hand, button(hand, "draw", "deck"))
	hand = alice.waitHand("discards", func(m *discordgo.Message) bool { return button(m, "discard", "*") != "" })
	r, err = alice.u.Click(hand, button(hand, "discard", x.String()))
	answer(t, r, err)
	d, err := discordgo.SnowflakeTimestamp(r.ID())
	if err != nil {
		t.Fatal(err)
	}
	return w, players, table, d
}

// callLaro clicks LARO! on the table at snowflake time at, delivered after delay.
func callLaro(t *testing.T, p *player, table *discordgo.Message, at time.Time, delay time.Duration) *discordtest.Response {
	t.Helper()
	r, err := p.u.Click(table, button(table, "laro", ""), discordtest.WithTime(at), discordtest.WithDelay(delay))
	if err != nil {
		t.Fatalf("%s could not click LARO!: %v", p.u.Name(), err)
	}
	return r
}

// finalText waits until the interaction's message has been edited n times
// and returns its text.
func finalText(t *testing.T, r *discordtest.Response, n int) string {
	t.Helper()
	m, err := r.WaitEdited(n, 5*time.Second)
	if err != nil {
		t.Fatalf("call message never updated: %v", err)
	}
	return text(m)
}

func TestLaroContestRankingAndSnowflakeTimes(t *testing.T) {
	// Bob and Carol can both call on Alice's discard; Carol's cluster ranks
	// higher, although Bob sits first after Alice.
	seed, x := findDeal(t, func(g *laro.Game) bool {
		b, okB := g.BestCall(1)
		c, okC := g.BestCall(2)
		return okB && okC && !b.Win && !c.Win && c.Kind > b.Kind
	})
	w, players, table, d := claimTable(t, seed, x)
	bob, carol := players[1], players[2]

	// Bob clicks at D+200ms and his click arrives at once. Carol clicked at
	// D+900ms, inside the 1 s window, but her click reaches the bot only
	// after the window has closed (at D+1.25s, within the 1 s grace): it
	// counts by its stamp, not its arrival.
	rb := callLaro(t, bob, table, d.Add(200*time.Millisecond), 0)
	if cb := answer(t, rb, nil); !cb.Ephemeral || !strings.Contains(text(cb.Message), "is in") {
		t.Fatalf("bob's LARO! answered %q, want an ephemeral 'is in'", text(cb.Message))
	}
	arrive := time.Until(d.Add(1250 * time.Millisecond))
	rc := callLaro(t, carol, table, d.Add(900*time.Millisecond), arrive)
	answer(t, rc, nil)

	if got := finalText(t, rb, 1); !strings.Contains(got, "<@"+carol.u.ID()+">'s LARO! took") || !strings.Contains(got, "outranks your") {
		t.Errorf("bob was told %q, want that carol's better cluster took the card", got)
	}
	// Carol's call message becomes her hand: a choice of cluster or discards.
	m, err := rc.WaitEdited(1, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if id := button(m, "lay", "*"); id != "" {
		carol.click(m, id)
	}
	hand := carol.waitHand("discards after laying", func(m *discordgo.Message) bool { return button(m, "discard", "*") != "" })
	if !strings.Contains(text(hand), "Laid") {
		t.Errorf("carol's hand shows no laid cluster:\n%s", text(hand))
	}
	pub := w.tableMessage("called LARO! and laid")
	if !strings.Contains(text(pub), "<@"+bob.u.ID()+"> jumped") {
		t.Errorf("the table does not say bob was jumped:\n%s", text(pub))
	}
	w.noFailures()
}

func TestLaroCallAfterTheCloseIsTooLate(t *testing.T) {
	seed, x := findDeal(t, func(g *laro.Game) bool { _, ok := g.BestCall(2); return ok })
	w, players, _, d := claimTable(t, seed, x)
	bob, carol := players[1], players[2]
	table := w.tableMessage("game 1")

	// Bob presses draw at D+1.1s, after the 1 s minimum: the window closes
	// then. Carol's call stamped D+1.2s is too late, though the draw has
	// not happened yet.
	hand := bob.waitHand("the draw", func(m *discordgo.Message) bool { return button(m, "draw", "deck") != "" })
	bob.click(hand, button(hand, "draw", "deck"), discordtest.WithTime(d.Add(1100*time.Millisecond)))
	rc := callLaro(t, carol, table, d.Add(1200*time.Millisecond), 0)
	if cb := answer(t, rc, nil); !strings.Contains(text(cb.Message), "Too late") {
		t.Errorf("carol's late call answered %q, want 'Too late'", text(cb.Message))
	}
	hand = bob.waitHand("his drawn card", func(m *discordgo.Message) bool { return button(m, "discard", "*") != "" })
	if !strings.Contains(text(hand), "You drew") {
		t.Errorf("bob's hand after the window does not show his new card:\n%s", text(hand))
	}
	w.noFailures()
}

func TestLaroCallBeatsAPendingDraw(t *testing.T) {
	seed, x := findDeal(t, func(g *laro.Game) bool {
		c, ok := g.BestCall(2)
		return ok && !c.Win
	})
	w, players, table, d := claimTable(t, seed, x)
	bob, carol := players[1], players[2]

	hand := bob.waitHand("the draw", func(m *discordgo.Message) bool { return button(m, "draw", "deck") != "" })
	rd, err := bob.u.Click(hand, button(hand, "draw", "deck"), discordtest.WithTime(d.Add(100*time.Millisecond)))
	if cb := answer(t, rd, err); !strings.Contains(text(cb.Message), "waits for the LARO! window") {
		t.Fatalf("bob's early draw answered %q, want it to wait for the window", text(cb.Message))
	}
	answer(t, callLaro(t, carol, table, d.Add(300*time.Millisecond), 0), nil)

	hand = bob.waitHand("the cancelled draw", func(m *discordgo.Message) bool { return strings.Contains(text(m), "Your draw was cancelled") })
	if button(hand, "discard", "*") != "" || strings.Contains(text(hand), "You drew") {
		t.Errorf("bob's hand after the cancelled draw offers discards or a drawn card:\n%s", text(hand))
	}
	// Bob never saw a new card: no update of his hand message ever said so.
	for _, req := range w.srv.Requests() {
		if strings.Contains(req.Path, rd.Token()) && strings.Contains(string(req.Body), "You drew") {
			t.Errorf("bob's hand message was sent a drawn card: %s", req.Body)
		}
	}
	w.noFailures()
}

func TestLaroCallAndWaitingDrawSurviveRestart(t *testing.T) {
	seed, x := findDeal(t, func(g *laro.Game) bool {
		c, ok := g.BestCall(2)
		return ok && !c.Win
	})
	w, players, table, d := claimTable(t, seed, x)
	bob, carol := players[1], players[2]

	hand := bob.waitHand("the draw", func(m *discordgo.Message) bool { return button(m, "draw", "deck") != "" })
	bob.click(hand, button(hand, "draw", "deck"), discordtest.WithTime(d.Add(100*time.Millisecond)))
	if cb := answer(t, callLaro(t, carol, table, d.Add(200*time.Millisecond), 0), nil); !strings.Contains(text(cb.Message), "is in") {
		t.Fatalf("carol's call answered %q", text(cb.Message))
	}
	// Both were acknowledged, so both were stored: a restart before the
	// window settles still settles it, and carol's call beats bob's draw.
	w.restart()
	pub := w.tableMessage("called LARO! and laid")
	if !strings.Contains(text(pub), "<@"+carol.u.ID()+"> to **discard**") {
		t.Errorf("after the restart it should be carol's discard:\n%s", text(pub))
	}
	if strings.Contains(text(pub), "<@"+bob.u.ID()+"> drew") {
		t.Errorf("bob's cancelled draw happened after all:\n%s", text(pub))
	}
	carol.openHand(pub)
	carol.waitHand("carol's discards", func(m *discordgo.Message) bool { return button(m, "discard", "*") != "" })
	w.noFailures()
}
