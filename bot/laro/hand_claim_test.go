package laro

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/internal/golden"
	"github.com/cardbot/cardbot/bot/table"
	rules "github.com/cardbot/cardbot/engine/laro"
)

// claimDeal finds a 3-seat game, dealt by seat 0, in which seat 0 draws and
// discards a card that seat 2 can lay with a cluster (not a win) and seat 1
// cannot call on.
func claimDeal(t *testing.T) *rules.Game {
	t.Helper()
	cfg := rules.Config{Seats: 3, Dealer: 0}
	for seed := uint64(1); seed < 100000; seed++ {
		g, err := rules.New(cfg, seed)
		if err != nil {
			t.Fatal(err)
		}
		if g.Apply(rules.Draw{Seat: 0}) != nil {
			continue
		}
		for _, x := range g.Hand(0) {
			after, err := rules.Replay(cfg, seed, []rules.Action{rules.Draw{Seat: 0}, rules.Discard{Seat: 0, Card: x}})
			if err != nil {
				t.Fatal(err)
			}
			_, bob := after.BestCall(1)
			c, carol := after.BestCall(2)
			if !bob && carol && !c.Win {
				return after
			}
		}
	}
	t.Fatal("no deal found")
	return nil
}

// laroButtons lists the LARO! buttons among comps.
func laroButtons(comps []discordgo.MessageComponent) []discordgo.Button {
	var out []discordgo.Button
	for _, row := range comps {
		for _, c := range row.(discordgo.ActionsRow).Components {
			if b, ok := c.(discordgo.Button); ok && strings.HasSuffix(b.CustomID, "/laro") {
				out = append(out, b)
			}
		}
	}
	return out
}

func TestHandClaimShowsWhatTheDiscardMakes(t *testing.T) {
	g := claimDeal(t)
	top, _, _ := g.Claimable()
	best, _ := g.BestCall(2)
	sc := laroScreen{TableID: "abc123", GameNo: 1, Version: len(g.Log()), Seats: viewSeats, View: g.View(2),
		Window: "LARO! can be called on the discard.",
		Claim:  &handClaim{Card: top, Best: best, Close: "closes <t:1700000003:R>"}}
	hand := laroHand(sc)
	golden.Check(t, "laro_hand_claim", hand)

	want := fmt.Sprintf("📣 %s makes a **%s** cluster with %s %s. Press **LARO!** to take it. The window closes <t:1700000003:R>.",
		top.Symbol(), best.Kind, best.Pair[0].Symbol(), best.Pair[1].Symbol())
	if d := hand.Embeds[0].Description; !strings.HasPrefix(d, want) {
		t.Errorf("hand says %q, want it to start with %q", d, want)
	}
	// The hand's LARO! button is the table's: same custom_id, same path.
	inHand, onTable := laroButtons(hand.Components), laroButtons(laroPublic(sc).Components)
	if len(inHand) != 1 || len(onTable) != 1 {
		t.Fatalf("LARO! buttons: %d in the hand, %d on the table, want 1 and 1", len(inHand), len(onTable))
	}
	if inHand[0].CustomID != onTable[0].CustomID || inHand[0].Label != "LARO!" {
		t.Errorf("hand's LARO! is %q (%q), want the table's %q", inHand[0].CustomID, inHand[0].Label, onTable[0].CustomID)
	}

	// Once the call is in, the hand says so and offers no second call.
	sc.Claim.In = true
	in := laroHand(sc)
	golden.Check(t, "laro_hand_claim_in", in)
	if b := laroButtons(in.Components); len(b) != 0 {
		t.Errorf("a hand whose call is in still offers %d LARO! button(s)", len(b))
	}
	wantIn := fmt.Sprintf("📣 Your LARO! on %s is in: it would make a **%s** cluster.", top.Symbol(), best.Kind)
	if d := in.Embeds[0].Description; !strings.HasPrefix(d, wantIn) {
		t.Errorf("hand with the call in says %q, want it to start with %q", d, wantIn)
	}

	// A card that completes the viewer's win says so.
	sc.Claim = &handClaim{Card: top, Best: rules.CallOption{Kind: best.Kind, Win: true}, Close: "closes <t:1700000003:R>"}
	wantWin := fmt.Sprintf("📣 %s completes your **win**! Press **LARO!** to take it.", top.Symbol())
	if d := laroHand(sc).Embeds[0].Description; !strings.HasPrefix(d, wantWin) {
		t.Errorf("hand with a winning call says %q, want it to start with %q", d, wantWin)
	}

	// Without a claim (the viewer could not lay the discard) there is no
	// LARO! button at all, not even a disabled one.
	sc.Claim = nil
	if b := laroButtons(laroHand(sc).Components); len(b) != 0 {
		t.Errorf("a hand without a claim shows %d LARO! button(s)", len(b))
	}
}

func TestWindowScreenCountsDownAndPicksTheCallers(t *testing.T) {
	g := claimDeal(t)
	top, discarder, _ := g.Claimable()
	seats := []table.Seat{{UserID: "111", Name: "ann"}, {UserID: "222", Name: "ben"}, {UserID: "333", Name: "cat"}}
	tb := &laroTable{Core: table.Core{Seats: seats}, game: g}
	d := time.Unix(1700000000, 0)
	win := rules.Window{Min: 3 * time.Second, Grace: 400 * time.Millisecond}
	w := &claimWindow{card: top, discarder: discarder, at: d}
	screen := func(viewer int, now time.Time) laroScreen {
		var sc laroScreen
		tb.windowScreen(&sc, w, win, viewer, now)
		return sc
	}

	// Open-ended: the minimum counts down, then the next player's draw is
	// what the window waits for.
	early := d.Add(time.Second)
	if got, want := screen(-1, early).Window, fmt.Sprintf("LARO! can be called on **%s**: the window closes <t:1700000003:R> at the earliest.", top.Symbol()); got != want {
		t.Errorf("table before W says %q, want %q", got, want)
	}
	late := d.Add(4 * time.Second)
	if got, want := screen(-1, late).Window, fmt.Sprintf("LARO! can be called on **%s**: the window stays open until ben draws.", top.Symbol()); got != want {
		t.Errorf("table after W says %q, want %q", got, want)
	}
	// Only the seat that could lay the discard gets a claim; the discarder
	// and the seat that could not get none.
	for viewer, wantClaim := range []bool{false, false, true} {
		if got := screen(viewer, early).Claim != nil; got != wantClaim {
			t.Errorf("seat %d has a claim: %v, want %v", viewer, got, wantClaim)
		}
	}
	if c := screen(2, late).Claim; c == nil || c.Close != "stays open until ben draws" {
		t.Errorf("carol's claim after W: %+v, want the window open until ben draws", c)
	}

	// A draw fixes the close: max(D+W, N).
	w.draw = &pendingDraw{seat: 1, at: d.Add(5 * time.Second)}
	sc := screen(1, late)
	if sc.Window != "" {
		t.Errorf("the drawer's hand screen carries the table's line %q: only the table shows it", sc.Window)
	}
	if got, want := screen(-1, late).Window, fmt.Sprintf("LARO! window on **%s** closes <t:1700000005:R>; ben's draw waits for it.", top.Symbol()); got != want {
		t.Errorf("table with a waiting draw says %q, want %q", got, want)
	}
	if !strings.Contains(sc.Waiting, "Your draw waits") {
		t.Errorf("the drawer's screen waits with %q", sc.Waiting)
	}

	// A call is in: its seat's claim says so, and the table counts it. The
	// close is now max(D+W, min(N, S+G)) = D+W.
	best, _ := g.BestCall(2)
	w.calls = []laroCall{{seat: 2, at: d.Add(time.Second), best: best, hand: true}}
	sc = screen(2, late)
	if sc.Claim == nil || !sc.Claim.In || sc.Claim.Close != "closes <t:1700000003:R>" {
		t.Errorf("the caller's claim with the call in: %+v", sc.Claim)
	}
	if tl := screen(-1, late).Window; !strings.HasSuffix(tl, " 1 call is in.") {
		t.Errorf("table with one call says %q, want it to end %q", tl, " 1 call is in.")
	}

	// A computer seat has no hand to show a claim in.
	tb.Seats[2].Computer = true
	if c := screen(2, early).Claim; c != nil {
		t.Errorf("a computer seat got a claim: %+v", c)
	}
}
