package laro

import (
	"math"
	"strings"
	"testing"

	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	rules "github.com/cardbot/cardbot/engine/laro"
)

// longestKey is the longest key the wire accepts: every route's longest
// custom_id is built with it and the largest stamp.
var longestKey = strings.Repeat("z", 32)

// TestLaroRoutesFitDiscord builds every Laro route at its longest (the
// longest key, the largest number, every card) and checks it fits
// Discord's 100 characters and reads back as the same route.
func TestLaroRoutesFitDiscord(t *testing.T) {
	var longest string
	check := func(id string) ui.ComponentID {
		t.Helper()
		if len(id) > len(longest) {
			longest = id
		}
		c, err := ui.ParseComponentID(id, gameName)
		if err != nil {
			t.Fatalf("%q (%d characters) does not parse: %v", id, len(id), err)
		}
		return c
	}
	for _, verb := range []ui.Verb{table.VerbHand, verbLaro} {
		b := gameButton(longestKey, verb, math.MaxInt)
		if got := table.ParseGameButton(check(b.ID())); got != b {
			t.Errorf("%q reads as %+v, want %+v", b.ID(), got, b)
		}
	}
	check(refreshButton{Table: longestKey}.ID())
	moves := []moveButton{{Verb: verbDraw}, {Verb: verbDraw, FromDiscard: true}, {Verb: verbWin}, {Verb: verbLay, Option: math.MaxInt}}
	for _, c := range rules.Deck() {
		moves = append(moves, moveButton{Verb: verbDiscard, Card: c})
	}
	for _, m := range moves {
		m.Table, m.Move = longestKey, math.MaxInt
		got, ok := parseMoveButton(check(m.ID()))
		if !ok || got.ID() != m.ID() || got.Verb != m.Verb || got.Card.String() != m.Card.String() { // Voids are one card on the wire
			t.Errorf("%q reads as %+v (%v), want %+v", m.ID(), got, ok, m)
		}
	}
	if len(longest) > ui.MaxComponentIDLen {
		t.Errorf("the longest Laro custom_id %q has %d characters; Discord allows %d", longest, len(longest), ui.MaxComponentIDLen)
	}
	t.Logf("longest Laro custom_id: %d characters", len(longest))
}

// TestLaroReadsButtonsDrawnBeforeTypedRoutes feeds custom_ids exactly as
// the build before typed routes drew them, still on players' screens: each
// reads as the route it was, and the route draws the same custom_id again.
func TestLaroReadsButtonsDrawnBeforeTypedRoutes(t *testing.T) {
	card := rules.Deck()[0]
	for old, want := range map[string]moveButton{
		"v1/laro/k3x9a0/12/draw/deck":               {Table: "k3x9a0", Verb: verbDraw, Move: 12},
		"v1/laro/k3x9a0/12/draw/discard":            {Table: "k3x9a0", Verb: verbDraw, Move: 12, FromDiscard: true},
		"v1/laro/k3x9a0/7/discard/" + card.String(): {Table: "k3x9a0", Verb: verbDiscard, Move: 7, Card: card},
		"v1/laro/k3x9a0/7/win":                      {Table: "k3x9a0", Verb: verbWin, Move: 7},
		"v1/laro/k3x9a0/30/lay/2":                   {Table: "k3x9a0", Verb: verbLay, Move: 30, Option: 2},
	} {
		c, err := ui.ParseComponentID(old, gameName)
		if err != nil {
			t.Fatalf("%q: %v", old, err)
		}
		got, ok := parseMoveButton(c)
		if !ok || got != want {
			t.Errorf("%q reads as %+v (%v), want %+v", old, got, ok, want)
		}
		if got.ID() != old {
			t.Errorf("%q is drawn again as %q", old, got.ID())
		}
	}
	for _, old := range []string{"v1/laro/k3x9a0/12/draw/pile", "v1/laro/k3x9a0/12/discard/X+99", "v1/laro/k3x9a0/12/lay/-1", "v1/laro/k3x9a0/12/win/now"} {
		c, err := ui.ParseComponentID(old, gameName)
		if err != nil {
			t.Fatalf("%q: %v", old, err)
		}
		if got, ok := parseMoveButton(c); ok {
			t.Errorf("forged %q reads as a move: %+v", old, got)
		}
	}
	if got := table.ParseGameButton(mustParse(t, "v1/laro/k3x9a0/3/hand")); got != gameButton("k3x9a0", table.VerbHand, 3) {
		t.Errorf("an old My hand reads as %+v", got)
	}
}

func mustParse(t *testing.T, s string) ui.ComponentID {
	t.Helper()
	c, err := ui.ParseComponentID(s, gameName)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	return c
}
