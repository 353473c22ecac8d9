package laus

import (
	"math"
	"strings"
	"testing"

	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	rules "github.com/cardbot/cardbot/engine/laus"
)

// TestLausRoutesFitDiscord builds every Laus route at its longest (the
// longest key the wire takes, the largest number, every card) and checks
// it fits Discord's 100 characters and reads back as the same route.
func TestLausRoutesFitDiscord(t *testing.T) {
	key := strings.Repeat("z", 32)
	parse := func(id string) ui.ComponentID {
		t.Helper()
		if len(id) > ui.MaxComponentIDLen {
			t.Errorf("%q has %d characters; Discord allows %d", id, len(id), ui.MaxComponentIDLen)
		}
		c, err := ui.ParseComponentID(id, gameName)
		if err != nil {
			t.Fatalf("%q does not parse: %v", id, err)
		}
		return c
	}
	for _, verb := range []ui.Verb{table.VerbHand, table.VerbBack, verbRefresh, verbResume} {
		b := matchButton(key, verb, math.MaxInt, math.MaxInt)
		if got := table.ParseGameButton(parse(b.ID())); got != b {
			t.Errorf("%q reads as %+v, want %+v", b.ID(), got, b)
		}
	}
	moves := []moveControl{{Verb: verbLook}, {Verb: verbPass}, {Verb: verbLay}}
	for _, c := range rules.NewDeck() {
		moves = append(moves, moveControl{Verb: verbPlay, Card: c})
	}
	for _, m := range moves {
		m.Table, m.Seq = key, math.MaxInt
		if got, ok := parseMoveControl(parse(m.ID())); !ok || got != m {
			t.Errorf("%q reads as %+v (%v), want %+v", m.ID(), got, ok, m)
		}
	}
}

// TestLausReadsButtonsDrawnBeforeTypedRoutes feeds custom_ids exactly as
// the build before typed routes drew them: each reads as the route it
// was, and the route draws the same custom_id again.
func TestLausReadsButtonsDrawnBeforeTypedRoutes(t *testing.T) {
	card := rules.NewDeck()[0]
	for old, want := range map[string]moveControl{
		"v1/laus/k3x9a0/4/look":                  {Table: "k3x9a0", Verb: verbLook, Seq: 4},
		"v1/laus/k3x9a0/9/lay":                   {Table: "k3x9a0", Verb: verbLay, Seq: 9},
		"v1/laus/k3x9a0/9/play/" + card.String(): {Table: "k3x9a0", Verb: verbPlay, Seq: 9, Card: card},
	} {
		c, err := ui.ParseComponentID(old, gameName)
		if err != nil {
			t.Fatalf("%q: %v", old, err)
		}
		if got, ok := parseMoveControl(c); !ok || got != want || got.ID() != old {
			t.Errorf("%q reads as %+v (%v), drawn again as %q; want %+v", old, got, ok, got.ID(), want)
		}
	}
	c, err := ui.ParseComponentID("v1/laus/k3x9a0/2/hand/3", gameName)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := table.ParseGameButton(c), matchButton("k3x9a0", table.VerbHand, 2, 3); got != want || got.ID() != "v1/laus/k3x9a0/2/hand/3" {
		t.Errorf("an old My hand reads as %+v, want %+v", got, want)
	}
}
