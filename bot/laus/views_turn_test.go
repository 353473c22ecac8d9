package laus

import (
	"strings"
	"testing"

	"github.com/cardbot/cardbot/bot/ui"
	rules "github.com/cardbot/cardbot/engine/laus"
)

// A hand shows that it is its owner's turn by its colour and in words;
// other hands show neither.
func TestLausHandColourSaysYourTurn(t *testing.T) {
	m, err := rules.NewMatch(rules.MatchConfig{Seats: 3, Target: 500}, 11)
	if err != nil {
		t.Fatal(err)
	}
	screen := func(viewer int) lausScreen {
		return lausScreen{TableID: "xyz789", MatchNo: 1, Seats: viewSeats, View: m.View(viewer)}
	}
	for seat := range 3 {
		e := lausHand(screen(seat)).Embeds[0]
		mine := seat == m.Turn()
		if got := e.Color == ui.YourTurnColor; got != mine {
			t.Errorf("seat %d (to move: %v): turn colour %v", seat, mine, got)
		}
		if got := strings.Contains(e.Description, "Your turn"); got != mine {
			t.Errorf("seat %d (to move: %v): says your turn %v: %q", seat, mine, got, e.Description)
		}
	}
	// An absent player's seat, played by the computer, is not their turn to take.
	afk := screen(m.Turn())
	afk.AFK = []bool{true, true, true}
	if e := lausHand(afk).Embeds[0]; e.Color == ui.YourTurnColor {
		t.Error("a hand the computer keeps shows the turn colour")
	}
}

// A finished match's table shows its result, not "0 to go".
func TestLausMatchOverShowsNoDistanceToGo(t *testing.T) {
	m, err := rules.NewMatch(rules.MatchConfig{Seats: 3, Target: 200}, 5)
	if err != nil {
		t.Fatal(err)
	}
	for !m.Over() {
		a, _ := rules.Decide(rules.Computer{}, m.View(m.Turn()))
		if err := m.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	e := lausPublic(lausScreen{TableID: "xyz789", MatchNo: 1, Seats: viewSeats, View: m.View(-1)}).Embeds[0]
	for _, f := range e.Fields {
		if f.Name == "Target" && (strings.Contains(f.Value, "to go") || !strings.Contains(f.Value, "reached")) {
			t.Errorf("the finished match's Target field reads %q, want it reached, with no distance to go", f.Value)
		}
	}
	if !strings.Contains(e.Description, "Match over") {
		t.Errorf("the finished match does not show its result: %q", e.Description)
	}
}
