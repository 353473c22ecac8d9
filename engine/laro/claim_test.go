package laro

import (
	"errors"
	"slices"
	"testing"
	"time"
)

func at(t *testing.T, clock string) time.Time {
	t.Helper()
	ts, err := time.Parse("15:04:05.000", clock)
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

func TestWindowClose(t *testing.T) {
	w := DefaultWindow
	d := at(t, "10:00:00.000")
	tests := []struct {
		draw time.Time
		want string
	}{
		{time.Time{}, "10:00:03.000"},
		{at(t, "10:00:00.800"), "10:00:03.000"},
		{at(t, "10:00:03.000"), "10:00:03.000"},
		{at(t, "10:00:04.250"), "10:00:04.250"},
	}
	for _, tt := range tests {
		if got := w.Close(d, tt.draw); !got.Equal(at(t, tt.want)) {
			t.Errorf("Close(D, %v) = %v, want %v", tt.draw.Format("15:04:05.000"), got.Format("15:04:05.000"), tt.want)
		}
	}
	if got := w.SettleAt(at(t, "10:00:03.000")); !got.Equal(at(t, "10:00:03.400")) {
		t.Errorf("SettleAt = %v, want 10:00:03.400", got)
	}
	zero := Window{}
	if got := zero.Close(d, time.Time{}); !got.Equal(d) {
		t.Errorf("a zero window closes at %v, want at the discard", got)
	}
	for _, bad := range []Window{{Min: -time.Second}, {Min: 16 * time.Second}, {Min: time.Second, Grace: -1}} {
		if err := bad.Validate(); !errors.Is(err, ErrBadConfig) {
			t.Errorf("Validate(%+v) = %v, want ErrBadConfig", bad, err)
		}
	}
	if err := (Window{Min: MaxMinWindow}).Validate(); err != nil {
		t.Errorf("Validate(15s) = %v, want nil", err)
	}
}

func TestWindowCloseAt(t *testing.T) {
	w := Window{Min: 3 * time.Second, Grace: 400 * time.Millisecond}
	d := at(t, "10:00:00.000")
	tests := []struct {
		name       string
		draw, call string // "" for none
		want       string
		closed     bool
	}{
		{"nothing yet: open, at least until D+W", "", "", "10:00:03.000", false},
		{"early draw waits for D+W", "10:00:00.800", "", "10:00:03.000", true},
		{"late draw closes at once", "10:00:04.250", "", "10:00:04.250", true},
		{"early call: D+W still holds", "", "10:00:01.200", "10:00:03.000", true},
		{"call near D+W: grace runs past it", "", "10:00:02.800", "10:00:03.200", true},
		{"call after D+W: closes G after it", "", "10:00:05.000", "10:00:05.400", true},
		{"draw after the call's grace comes too late to matter", "10:00:06.000", "10:00:05.000", "10:00:05.400", true},
		{"draw within the call's grace closes sooner", "10:00:05.100", "10:00:05.000", "10:00:05.100", true},
		{"draw before the call", "10:00:04.000", "10:00:04.200", "10:00:04.000", true},
		{"the worked example", "10:00:00.800", "10:00:01.200", "10:00:03.000", true},
	}
	parse := func(s string) time.Time {
		if s == "" {
			return time.Time{}
		}
		return at(t, s)
	}
	for _, tt := range tests {
		got, closed := w.CloseAt(d, parse(tt.draw), parse(tt.call))
		if !got.Equal(at(t, tt.want)) || closed != tt.closed {
			t.Errorf("%s: CloseAt(D, %q, %q) = %v, %v; want %v, %v", tt.name, tt.draw, tt.call,
				got.Format("15:04:05.000"), closed, tt.want, tt.closed)
		}
	}
	if got, closed := (Window{}).CloseAt(d, time.Time{}, d); !got.Equal(d) || !closed {
		t.Errorf("a zero window with a call at D closes at %v, %v; want at D, true", got, closed)
	}
}

func TestContestAfterFirstCallGrace(t *testing.T) {
	// Nobody draws after D+W. Seat 1 calls first (a Wild); seat 2's better
	// Pure call 100 ms later, within the grace, still takes part and wins.
	// Seat 3's Void stamped after S+G is too late.
	w := Window{Min: 3 * time.Second, Grace: 400 * time.Millisecond}
	d, s := at(t, "10:00:00.000"), at(t, "10:00:05.000")
	close, closed := w.CloseAt(d, time.Time{}, s)
	if !closed || !close.Equal(at(t, "10:00:05.400")) {
		t.Fatalf("CloseAt = %v, %v; want 10:00:05.400, true", close.Format("15:04:05.000"), closed)
	}
	claims := []Claim{
		{1, s, Wild, false},
		{2, s.Add(100 * time.Millisecond), Pure, false},
		{3, close.Add(time.Millisecond), Void, false},
	}
	winner, ok, late := Contest(0, 4, claims, close)
	if winner != 2 || !ok || !slices.Equal(late, []int{3}) {
		t.Errorf("Contest = %d, %v, late %v; want 2, true, late [3]", winner, ok, late)
	}
}

func TestContestRanking(t *testing.T) {
	close := time.Unix(100, 0)
	early := close.Add(-time.Second)
	tests := []struct {
		name      string
		discarder int
		claims    []Claim
		want      int
		tooLate   []int
	}{
		{"win beats void", 0, []Claim{{1, early, Void, false}, {2, early, Corrupt, true}}, 2, nil},
		{"higher kind", 0, []Claim{{1, early, Wild, false}, {3, early, Pure, false}}, 3, nil},
		{"tie: first after discarder", 2, []Claim{{1, early, Pure, false}, {0, early, Pure, false}, {3, early, Pure, false}}, 3, nil},
		{"tie wraps round", 3, []Claim{{2, early, Wild, false}, {1, early, Wild, false}}, 1, nil},
		{"wins tie on kind then order", 0, []Claim{{3, early, Void, true}, {1, early, Pure, true}, {2, early, Void, true}}, 2, nil},
		{"late calls refused", 0, []Claim{{1, close.Add(time.Millisecond), Void, true}, {2, close, Corrupt, false}}, 2, []int{1}},
		{"discarder and strangers ignored", 0, []Claim{{0, early, Void, true}, {9, early, Void, true}, {1, early, NoKind, false}}, -1, nil},
	}
	for _, tt := range tests {
		got, ok, late := Contest(tt.discarder, 4, tt.claims, close)
		if got != tt.want || ok != (tt.want >= 0) || !slices.Equal(late, tt.tooLate) {
			t.Errorf("%s: Contest = %d, %v, late %v; want %d, late %v", tt.name, got, ok, late, tt.want, tt.tooLate)
		}
	}
}

// workedExample rigs the rulebook's example: seats A, B, C, D = 0..3; A
// holds T+5 to discard, C can lay T+4 T+5 T+6 (Pure), D can lay T+5 T+7 V
// (Wild).
func workedExample(t *testing.T) *Game {
	g := rig(t, 0, []string{
		"T+5 C-2 C-3 T-3 T-4 S-7 S-8 S+5 S+6",
		"C+1 C+4 C+7 C+10 S+1 S+3 S-10 T-10",
		"T+4 T+6 C-5 C-8 S-1 S-4 T-1 C+9",
		"T+7 V C-6 C-9 S-2 S+9 T-7 T+9",
	}, nil, "", "")
	g.phase = PhaseDiscard
	apply(t, g, Discard{Seat: 0, Card: card(t, "T+5")})
	return g
}

func TestRulebookWorkedExample(t *testing.T) {
	w := Window{Min: 3 * time.Second, Grace: 400 * time.Millisecond}
	discardAt := at(t, "10:00:00.000")
	drawAt := at(t, "10:00:00.800") // B presses draw; the draw waits
	close := w.Close(discardAt, drawAt)
	if !close.Equal(at(t, "10:00:03.000")) || !w.SettleAt(close).Equal(at(t, "10:00:03.400")) {
		t.Fatalf("close %v settle %v, want 10:00:03.000 and 10:00:03.400", close, w.SettleAt(close))
	}

	g := workedExample(t)
	optC, okC := g.BestCall(2)
	optD, okD := g.BestCall(3)
	if !okC || optC.Kind != Pure || !okD || optD.Kind != Wild {
		t.Fatalf("best calls: C %+v %v, D %+v %v; want C Pure, D Wild", optC, okC, optD, okD)
	}
	// C's click is stamped 02.900 though it reaches the bot at 03.250: the
	// stamp decides.
	claims := []Claim{optD.Claim(3, at(t, "10:00:01.200")), optC.Claim(2, at(t, "10:00:02.900"))}
	winner, ok, late := Contest(0, 4, claims, close)
	if winner != 2 || !ok || len(late) != 0 {
		t.Fatalf("Contest = %d, %v, late %v; want C (2), true, none", winner, ok, late)
	}
	// The call beats B's pending draw: the bot applies C's call instead.
	apply(t, g, optC.Action(2))
	refuse(t, g, Draw{Seat: 1}, ErrNotYourTurn)
	refuse(t, g, optD.Action(3), ErrNothingToCall)
	if got := FormatCards(g.Laid(2)[0]); got != "T+4 T+5 T+6" {
		t.Fatalf("C laid %q, want T+4 T+5 T+6", got)
	}
	apply(t, g, Discard{Seat: 2, Card: card(t, "C+9")})
	if g.Turn() != 3 {
		t.Fatalf("next turn %d, want D (3); B is jumped", g.Turn())
	}

	// Had D's cluster completed D's win, D would have won.
	winD := optD
	winD.Win = true
	if winner, _, _ := Contest(0, 4, []Claim{winD.Claim(3, at(t, "10:00:01.200")), optC.Claim(2, at(t, "10:00:02.900"))}, close); winner != 3 {
		t.Fatalf("with D winning: Contest = %d, want D (3)", winner)
	}
	// Had C clicked at 03.100, C would have been too late.
	winner, _, late = Contest(0, 4, []Claim{optD.Claim(3, at(t, "10:00:01.200")), optC.Claim(2, at(t, "10:00:03.100"))}, close)
	if winner != 3 || !slices.Equal(late, []int{2}) {
		t.Fatalf("with C late: Contest = %d, late %v; want D (3), late [2]", winner, late)
	}
}
