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

func TestLaroContestRankingAndSnowflakeTimes(t *testing.T) {
	t.Parallel()
	// Bob and Carol can both call on Alice's discard; Carol's cluster ranks
	// higher, although Bob sits first after Alice.
	seed, x := e2e.FindDeal(t, func(g *laro.Game) bool {
		b, okB := g.BestCall(1)
		c, okC := g.BestCall(2)
		return okB && okC && !b.Win && !c.Win && c.Kind > b.Kind
	})
	w, players, table, d := e2e.ClaimTable(t, seed, x)
	bob, carol := players[1], players[2]

	// Bob clicks at B = D+200ms (later on a slow machine) and his click
	// arrives at once: the window closes at B+G. Carol clicked 700 ms after
	// him, but her click reaches the bot only after the window has closed
	// (50 ms after, within the grace): it counts by its stamp, not its
	// arrival.
	b := e2e.Stamp(d.Add(200 * time.Millisecond))
	rb := e2e.CallLaro(t, bob, table, b, 0)
	if cb := e2e.Answered(t, rb, nil); !cb.Ephemeral || !strings.Contains(e2e.Text(cb.Message), "is in") {
		t.Fatalf("bob's LARO! answered %q, want an ephemeral 'is in'", e2e.Text(cb.Message))
	}
	arrive := time.Until(b.Add(e2e.ClaimGrace + 50*time.Millisecond))
	rc := e2e.CallLaro(t, carol, table, b.Add(700*time.Millisecond), arrive)
	e2e.Answer(t, rc, nil)

	if got := e2e.FinalText(t, rb, 1); !strings.Contains(got, e2e.Named(carol)+"'s LARO! took") || !strings.Contains(got, "outranks your") {
		t.Errorf("bob was told %q, want that carol's better cluster took the card", got)
	}
	// Carol's call message becomes her hand: a choice of cluster or discards.
	m, err := rc.WaitEdited(1, e2e.Patience)
	if err != nil {
		t.Fatal(err)
	}
	if id := e2e.Button(m, "lay", "*"); id != "" {
		carol.Click(m, id)
	}
	hand := carol.WaitHand("discards after laying", func(m *discordgo.Message) bool { return e2e.Button(m, "discard", "*") != "" })
	if !strings.Contains(e2e.Text(hand), "Laid") {
		t.Errorf("carol's hand shows no laid cluster:\n%s", e2e.Text(hand))
	}
	pub := w.TableMessage("called LARO! and laid")
	if !strings.Contains(e2e.Text(pub), e2e.Named(bob)+" jumped") {
		t.Errorf("the table does not say bob was jumped:\n%s", e2e.Text(pub))
	}
	w.NoFailures()
}

func TestLaroCallAfterTheCloseIsTooLate(t *testing.T) {
	t.Parallel()
	seed, x := e2e.FindDeal(t, func(g *laro.Game) bool { _, ok := g.BestCall(2); return ok })
	w, players, _, d := e2e.ClaimTable(t, seed, x)
	bob, carol := players[1], players[2]
	table := w.TableMessage("game 1")

	// Bob presses draw at B = D+1.1s (later on a slow machine), after the
	// 1 s minimum: the window closes then. Carol's call stamped B+100ms is
	// too late, though the draw has not happened yet: it waits out the
	// grace. Her call goes once the table shows bob's draw waiting, not
	// once his click is answered: that answer may wait for the settlement
	// itself (when it is less than 2 s away), after which there is no
	// window to be late for. On a loaded machine it was, and the test
	// failed.
	hand := bob.WaitHand("the draw", func(m *discordgo.Message) bool { return e2e.Button(m, "draw", "deck") != "" })
	b := e2e.Stamp(d.Add(1100 * time.Millisecond))
	rd, err := bob.U.Click(hand, e2e.Button(hand, "draw", "deck"), discordtest.WithTime(b))
	if err != nil {
		t.Fatal(err)
	}
	w.TableMessage("'s draw waits for it")
	rc := e2e.CallLaro(t, carol, table, b.Add(100*time.Millisecond), 0)
	if cb := e2e.Answered(t, rc, nil); !strings.Contains(e2e.Text(cb.Message), "Too late") {
		t.Errorf("carol's late call answered %q, want 'Too late'", e2e.Text(cb.Message))
	}
	e2e.Answer(t, rd, nil)
	hand = bob.WaitHand("his drawn card", func(m *discordgo.Message) bool { return e2e.Button(m, "discard", "*") != "" })
	if !strings.Contains(e2e.Text(hand), "You drew") {
		t.Errorf("bob's hand after the window does not show his new card:\n%s", e2e.Text(hand))
	}
	w.NoFailures()
}

func TestLaroCallBeatsAPendingDraw(t *testing.T) {
	t.Parallel()
	seed, x := e2e.FindDeal(t, func(g *laro.Game) bool {
		c, ok := g.BestCall(2)
		return ok && !c.Win
	})
	w, players, table, d := e2e.ClaimTable(t, seed, x)
	bob, carol := players[1], players[2]

	hand := bob.WaitHand("the draw", func(m *discordgo.Message) bool { return e2e.Button(m, "draw", "deck") != "" })
	// Bob's early draw waits out the window: its answer comes when the
	// window settles, which is soon enough to answer the click itself.
	rd, err := bob.U.Click(hand, e2e.Button(hand, "draw", "deck"), discordtest.WithTime(d.Add(100*time.Millisecond)))
	if err != nil {
		t.Fatal(err)
	}
	e2e.Answer(t, e2e.CallLaro(t, carol, table, d.Add(300*time.Millisecond), 0), nil)
	// (When the window settles more than 2 s after the click, the click is
	// answered "waiting" at once and the hand edited later instead.)
	if got := e2e.Text(e2e.Reply(t, rd, nil)); !strings.Contains(got, "Your draw was cancelled") && !strings.Contains(got, "waits for the LARO! window") {
		t.Fatalf("bob's early draw answered %q, want it cancelled by carol's call, or waiting for the window", got)
	}

	hand = bob.WaitHand("the cancelled draw", func(m *discordgo.Message) bool { return strings.Contains(e2e.Text(m), "Your draw was cancelled") })
	if e2e.Button(hand, "discard", "*") != "" || strings.Contains(e2e.Text(hand), "You drew") {
		t.Errorf("bob's hand after the cancelled draw offers discards or a drawn card:\n%s", e2e.Text(hand))
	}
	// Bob never saw a new card: no update of his hand message ever said so.
	for _, req := range w.Srv.Requests() {
		if strings.Contains(req.Path, rd.Token()) && strings.Contains(string(req.Body), "You drew") {
			t.Errorf("bob's hand message was sent a drawn card: %s", req.Body)
		}
	}
	w.NoFailures()
}

func TestLaroCallAndWaitingDrawSurviveRestart(t *testing.T) {
	t.Parallel()
	seed, x := e2e.FindDeal(t, func(g *laro.Game) bool {
		c, ok := g.BestCall(2)
		return ok && !c.Win
	})
	w, players, table, d := e2e.ClaimTable(t, seed, x)
	bob, carol := players[1], players[2]

	hand := bob.WaitHand("the draw", func(m *discordgo.Message) bool { return e2e.Button(m, "draw", "deck") != "" })
	// Bob's draw is stored at once; its answer would come when the window
	// settles, which the restart comes before.
	if _, err := bob.U.Click(hand, e2e.Button(hand, "draw", "deck"), discordtest.WithTime(d.Add(100*time.Millisecond))); err != nil {
		t.Fatal(err)
	}
	w.TableMessage("'s draw waits for it") // stored: the table shows it waiting
	if cb := e2e.Answered(t, e2e.CallLaro(t, carol, table, d.Add(200*time.Millisecond), 0), nil); !strings.Contains(e2e.Text(cb.Message), "is in") {
		t.Fatalf("carol's call answered %q", e2e.Text(cb.Message))
	}
	// Both were stored before carol's was acknowledged: a restart before
	// the window settles still settles it, and carol's call beats bob's draw.
	w.Restart()
	pub := w.TableMessage("called LARO! and laid")
	if !strings.Contains(e2e.Text(pub), e2e.Named(carol)+" to **discard**") {
		t.Errorf("after the restart it should be carol's discard:\n%s", e2e.Text(pub))
	}
	if strings.Contains(e2e.Text(pub), e2e.Named(bob)+" drew") {
		t.Errorf("bob's cancelled draw happened after all:\n%s", e2e.Text(pub))
	}
	carol.OpenHand(pub)
	carol.WaitHand("carol's discards", func(m *discordgo.Message) bool { return e2e.Button(m, "discard", "*") != "" })
	w.NoFailures()
}
