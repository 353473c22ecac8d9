package ui

import (
	"errors"
	"strings"
	"testing"
)

func TestComponentIDRoundTrip(t *testing.T) {
	for _, c := range []ComponentID{
		{Game: "laro", Key: "k3", Stamp: 12, Verb: "discard", Arg: "C+5"},
		{Game: "laus", Key: "1", Stamp: 0, Verb: "join"},
		{Game: "laro", Key: "zz9", Stamp: 999999, Verb: "laro"},
	} {
		got, err := ParseComponentID(c.String(), games...)
		if err != nil {
			t.Fatalf("ParseComponentID(%q): %v", c.String(), err)
		}
		if got != c {
			t.Errorf("round trip of %q: got %+v, want %+v", c.String(), got, c)
		}
	}
}

// The wire form is what buttons already posted carry: it must not change.
func TestComponentIDWireForm(t *testing.T) {
	for c, want := range map[ComponentID]string{
		{Game: "laro", Key: "k3", Stamp: 12, Verb: "discard", Arg: "C+5"}: "v1/laro/k3/12/discard/C+5",
		{Game: "laus", Key: "1", Stamp: 0, Verb: "join"}:                  "v1/laus/1/0/join",
		{Game: "chips", Key: "123456789012345678", Stamp: -3, Verb: "p"}:  "v1/chips/123456789012345678/-3/p",
	} {
		if got := c.String(); got != want {
			t.Errorf("%+v.String() = %q, want %q", c, got, want)
		}
	}
}

// games are the games the bot runs in these tests.
var games = []string{"laro", "laus"}

func TestParseComponentIDRejectsForgeries(t *testing.T) {
	for _, s := range []string{
		"", "hello", "v2/laro/k3/1/join", "v1/poker/k3/1/join", "v1/laro/K3/1/join",
		"v1/laro/k3/-1/join", "v1/laro/k3/01/join", "v1/laro/k3/x/join", "v1/laro/k3/1/JOIN",
		"v1/laro/k3/1/join/", "v1/laro/k3/1/join/a/b", "v1/laro//1/join",
		"v1/laro/k3/1/discard/" + strings.Repeat("x", 100),
	} {
		if _, err := ParseComponentID(s, games...); !errors.Is(err, ErrBadComponentID) {
			t.Errorf("ParseComponentID(%q): got %v, want ErrBadComponentID", s, err)
		}
	}
}

func FuzzParseComponentID(f *testing.F) {
	f.Add("v1/laro/k3/12/discard/C+5")
	f.Add("v1/laus/a/0/play/10H")
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseComponentID(s, games...)
		if err != nil {
			return
		}
		if again, err := ParseComponentID(c.String(), games...); err != nil || again != c {
			t.Fatalf("%q parsed to %+v but its encoding %q does not round-trip: %+v, %v", s, c, c.String(), again, err)
		}
		if len(c.String()) > MaxComponentIDLen {
			t.Fatalf("encoding of %q is %d characters", s, len(c.String()))
		}
	})
}
