package laro

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"
)

func TestActionTextRoundTrip(t *testing.T) {
	c4, c6 := cs(t, "C+4")[0], cs(t, "C-6")[0]
	actions := []Action{
		Draw{Seat: 0}, Draw{Seat: 5, FromDiscard: true},
		Discard{Seat: 1, Card: c4}, Discard{Seat: 2, Card: VoidCard(0)},
		DeclareWin{Seat: 3},
		Call{Seat: 4, Pair: [2]Card{c4, c6}}, Call{Seat: 0, Pair: [2]Card{c4, VoidCard(0)}},
		Call{Seat: 1, Pair: [2]Card{VoidCard(0), VoidCard(1)}}, Call{Seat: 2, Win: true},
		Forfeit{Seat: 3},
	}
	for _, a := range actions {
		got, err := ParseAction(a.String())
		if err != nil || got != a {
			t.Errorf("ParseAction(%q) = %#v, %v; want %#v", a.String(), got, err, a)
		}
	}
	b, err := json.Marshal(Log(actions))
	if err != nil {
		t.Fatal(err)
	}
	var back Log
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("Unmarshal(%s): %v", b, err)
	}
	if !slices.Equal([]Action(back), actions) {
		t.Fatalf("log round trip: got %v, want %v", back, actions)
	}
	if want := `["draw 0 deck","draw 5 discard","discard 1 C+4"`; string(b[:len(want)]) != want {
		t.Fatalf("JSON starts %s, want %s", b[:len(want)], want)
	}
}

func TestParseActionRejects(t *testing.T) {
	for _, s := range []string{"", "draw", "draw x deck", "draw 0 pile", "draw -1 deck", "draw 01 deck",
		"discard 0", "discard 0 X+1", "win", "win 0 1", "call 0", "call 0 C+1", "call 0 C+1 Q", "forfeit", "jump 0"} {
		if a, err := ParseAction(s); !errors.Is(err, ErrBadAction) {
			t.Errorf("ParseAction(%q) = %v, %v; want ErrBadAction", s, a, err)
		}
	}
	if _, err := json.Marshal(Log{nil}); err == nil {
		t.Error("marshalling a nil action: got no error")
	}
	var l Log
	if err := json.Unmarshal([]byte(`["nope"]`), &l); !errors.Is(err, ErrBadAction) {
		t.Errorf("Unmarshal of a bad action: got %v, want ErrBadAction", err)
	}
}
