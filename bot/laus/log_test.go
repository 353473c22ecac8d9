package laus

import (
	"slices"
	"testing"

	"github.com/cardbot/cardbot/bot/table"
	rules "github.com/cardbot/cardbot/engine/laus"
)

func TestLausEntryRecords(t *testing.T) {
	qs, _ := rules.ParseCard("QS")
	tests := []struct {
		e    lausEntry
		text string
	}{
		{lausEntry{action: rules.Play{Seat: 1, Card: qs}}, "play 1 QS"},
		{lausEntry{action: rules.Play{Seat: 1, Card: qs}, timedOut: true}, "timeout play 1 QS"},
		{lausEntry{action: rules.Pass{Seat: 2}, timedOut: true}, "timeout pass 2"},
		{lausEntry{back: 2}, "back 2"},
	}
	for _, tc := range tests {
		data, err := tc.e.marshal()
		if err != nil || string(data) != tc.text {
			t.Errorf("marshal(%+v) = %q, %v; want %q", tc.e, data, err, tc.text)
			continue
		}
		got, err := parseLausEntry(data, 3)
		if err != nil || got != tc.e {
			t.Errorf("parseLausEntry(%q) = %+v, %v; want %+v", data, got, err, tc.e)
		}
	}
	for _, bad := range []string{"back 3", "back -1", "back 01", "back", "timeout back 1", "timeout", "play 3 QS", "timeout play 1 XX", "intent call 1"} {
		if e, err := parseLausEntry([]byte(bad), 3); err == nil {
			t.Errorf("parseLausEntry(%q) = %+v, want an error", bad, e)
		}
	}
}

// TestLausKeepSeat checks the rule a restart rebuilds who plays a seat by:
// three timed-out moves in a row hand the seat to the computer, a person's
// own move resets the count, the computer's moves for a seat it keeps change
// nothing, and "I'm back" gives the seat back.
func TestLausKeepSeat(t *testing.T) {
	t7, _ := rules.ParseCard("7C")
	play := func(s int) rules.Action { return rules.Play{Seat: s, Card: t7} }
	tb := &lausTable{Core: table.Core{Seats: []table.Seat{{UserID: "a"}, {UserID: "b"}, {Computer: true}}}}
	tb.resetMatch()
	steps := []struct {
		e        lausEntry
		timeouts []int
		afk      []bool
		lines    int
	}{
		{lausEntry{action: play(0), timedOut: true}, []int{1, 0, 0}, []bool{false, false, false}, 1},
		{lausEntry{action: play(1), timedOut: true}, []int{1, 1, 0}, []bool{false, false, false}, 1},
		{lausEntry{action: play(2)}, []int{1, 1, 0}, []bool{false, false, false}, 0},
		{lausEntry{action: play(0), timedOut: true}, []int{2, 1, 0}, []bool{false, false, false}, 1},
		{lausEntry{action: play(1)}, []int{2, 0, 0}, []bool{false, false, false}, 0},
		{lausEntry{action: play(0), timedOut: true}, []int{3, 0, 0}, []bool{true, false, false}, 2},
		{lausEntry{action: play(0)}, []int{3, 0, 0}, []bool{true, false, false}, 0},
		{lausEntry{back: 0}, []int{0, 0, 0}, []bool{false, false, false}, 1},
		{lausEntry{action: play(0), timedOut: true}, []int{1, 0, 0}, []bool{false, false, false}, 1},
	}
	for i, st := range steps {
		lines := tb.keepSeat(st.e)
		if !slices.Equal(tb.timeouts, st.timeouts) || !slices.Equal(tb.afk, st.afk) || len(lines) != st.lines {
			t.Errorf("step %d (%+v): timeouts %v, computer keeps %v, %d event line(s); want %v, %v, %d",
				i, st.e, tb.timeouts, tb.afk, len(lines), st.timeouts, st.afk, st.lines)
		}
	}
}
