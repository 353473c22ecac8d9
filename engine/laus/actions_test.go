package laus

import (
	"errors"
	"testing"
)

func TestActionRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		a    Action
		text string
	}{
		{Look{Seat: 0}, "look 0"},
		{Pass{Seat: 2}, "pass 2"},
		{LayBack{Seat: 1, Cards: [2]Card{mk(Seven, Clubs), mk(Ace, Diamonds)}}, "layback 1 7C AD"},
		{Play{Seat: 3, Card: mk(Ten, Hearts)}, "play 3 10H"},
		{Play{Seat: 0, Card: mk(Jack, Clubs)}, "play 0 JC"},
	} {
		b, err := MarshalAction(tc.a)
		if err != nil {
			t.Fatalf("MarshalAction(%#v): %v", tc.a, err)
		}
		if string(b) != tc.text {
			t.Errorf("MarshalAction(%#v) = %q, want %q", tc.a, b, tc.text)
		}
		back, err := UnmarshalAction(b)
		if err != nil {
			t.Fatalf("UnmarshalAction(%q): %v", b, err)
		}
		if back != tc.a {
			t.Errorf("UnmarshalAction(%q) = %#v, want %#v", b, back, tc.a)
		}
	}
}

func TestUnmarshalActionRejects(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want error
	}{
		{"", ErrBadActionText},
		{"play", ErrBadActionText},
		{"play x JC", ErrBadActionText},
		{"play -1 JC", ErrBadActionText},
		{"play 4 JC", ErrBadActionText},
		{"play 01 JC", ErrBadActionText},
		{"play 1", ErrBadActionText},
		{"play 1 JC QC", ErrBadActionText},
		{"play 1 ZZ", ErrBadCard},
		{"look 1 JC", ErrBadActionText},
		{"layback 1 7C", ErrBadActionText},
		{"jump 1", ErrUnknownAction},
	} {
		if a, err := UnmarshalAction([]byte(tc.in)); !errors.Is(err, tc.want) {
			t.Errorf("UnmarshalAction(%q) = %v, %v; want error %v", tc.in, a, err, tc.want)
		}
	}
	if _, err := MarshalAction(Play{Seat: 0}); !errors.Is(err, ErrBadCard) {
		t.Errorf("MarshalAction(play of NoCard) error = %v, want ErrBadCard", err)
	}
	if _, err := MarshalAction(nil); !errors.Is(err, ErrUnknownAction) {
		t.Errorf("MarshalAction(nil) error = %v, want ErrUnknownAction", err)
	}
}
