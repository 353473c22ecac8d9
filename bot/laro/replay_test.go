package laro

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/history"
	"github.com/cardbot/cardbot/bot/internal/golden"
	"github.com/cardbot/cardbot/bot/ui"
	rules "github.com/cardbot/cardbot/engine/laro"
)

// TestReplayEveryStepMatchesEngine replays finished games through the
// viewer and compares every step with the engine's own state at that
// point of the game, and checks that every step's message is within
// Discord's limits and that its controls lead where they say.
func TestReplayEveryStepMatchesEngine(t *testing.T) {
	t.Parallel()
	for seed := uint64(1); seed <= 24; seed++ {
		seats := int(seed%6) + 1
		gm, recs, states := simGame(t, seats, seed)
		r, err := loadReplay(gm, recs)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if r.last() != len(states)-1 {
			t.Fatalf("seed %d: replay has %d steps, the game made %d moves", seed, r.last(), len(states)-1)
		}
		for k, want := range states {
			f, err := r.frame(k)
			if err != nil {
				t.Fatalf("seed %d step %d: %v", seed, k, err)
			}
			got := engineState{hands: f.Hands, laid: f.Laid, view: f.View}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("seed %d step %d: replay shows\n%+v\nthe engine had\n%+v", seed, k, got, want)
			}
			if len(f.What) == 0 {
				t.Errorf("seed %d step %d: the step says nothing about what happened", seed, k)
			}
			v := replayView(r, f)
			if err := discordtest.Validate(v.Content, v.Embeds, v.Components); err != nil {
				t.Fatalf("seed %d step %d: Discord would refuse the viewer: %v", seed, k, err)
			}
			for s, hand := range want.hands {
				if text := (laroScreen{}).cards(hand); text != "" && !strings.Contains(v.Embeds[0].Fields[3+s].Value, text) {
					t.Fatalf("seed %d step %d: seat %d's field %q does not show the hand %s", seed, k, s, v.Embeds[0].Fields[3+s].Value, text)
				}
			}
			checkControls(t, v, k, r.last())
		}
	}
}

// checkControls checks that the viewer's buttons lead to the first,
// previous, next and last steps and its menu only to real steps, at most
// 25 of them, each once.
func checkControls(t *testing.T, v ui.Rendering, step, last int) {
	t.Helper()
	want := map[string]int{"first": 0, "prev": max(step-1, 0), "next": min(step+1, last), "last": last}
	ids, opts := golden.CustomIDs(v)
	if len(ids) < 4 {
		t.Fatalf("step %d: controls %v, want at least ⏮ ◀ ▶ ⏭", step, ids)
	}
	for _, id := range ids {
		wire, err := ui.ParseComponentID(id, "laro", "laus")
		if err != nil {
			t.Fatalf("step %d: control %q: %v", step, id, err)
		}
		c := history.ParseReplayControl(wire)
		if c.Control == history.ControlJump {
			if c.Step != step {
				t.Errorf("step %d: the jump menu is stamped %d", step, c.Step)
			}
			continue
		}
		got, ok := history.Target(&ui.Input{Component: wire}, last)
		if !ok || got != want[c.Control] {
			t.Errorf("step %d: %s leads to %d (%v), want %d", step, c.Control, got, ok, want[c.Control])
		}
	}
	if len(opts) > ui.MaxChoices {
		t.Errorf("step %d: the jump menu has %d entries, Discord allows 25", step, len(opts))
	}
	seen := map[string]bool{}
	chosen := 0
	for _, o := range opts {
		got, ok := history.Target(&ui.Input{Component: ui.ComponentID{Verb: history.VerbReplay, Arg: history.ControlJump}, Values: []string{o.Value}}, last)
		if !ok || seen[o.Value] {
			t.Errorf("step %d: jump entry %q leads to %d (%v), or twice", step, o.Value, got, ok)
		}
		seen[o.Value] = true
		if o.Default {
			chosen++
		}
	}
	if len(opts) > 0 && chosen != 1 {
		t.Errorf("step %d: %d jump entries marked as the current one, want 1", step, chosen)
	}
}

// findContest returns a simulated game with a LARO! window that two seats
// called on, and the step of the move that settled it.
func findContest(t *testing.T) (*laroReplay, int) {
	t.Helper()
	for seed := uint64(1); seed < 500; seed++ {
		gm, recs, _ := simGame(t, 4, seed)
		r, err := loadReplay(gm, recs)
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range r.moves {
			if _, ok := m.action.(rules.Call); ok && len(m.calls) >= 2 {
				return r, i + 1
			}
		}
	}
	t.Fatal("no contested LARO! in 500 games")
	return nil, 0
}

// TestReplayContest checks how a contest is told: every call with its
// stamp relative to the discard, the winner, and why each other call lost,
// by the rules' own order.
func TestReplayContest(t *testing.T) {
	t.Parallel()
	r, k := findContest(t)
	f, err := r.frame(k)
	if err != nil {
		t.Fatal(err)
	}
	m := r.moves[k-1]
	call := m.action.(rules.Call)
	text := strings.Join(f.Contest, "\n")
	if got := strings.Count(text, "🏆 took the card"); got != 1 {
		t.Fatalf("contest names %d winners, want 1:\n%s", got, text)
	}
	before, err := r.game(k - 1)
	if err != nil {
		t.Fatal(err)
	}
	_, discarder, _ := before.Claimable()
	winBest, _ := before.BestCall(call.Seat)
	for _, c := range m.calls {
		rel := c.at.Sub(r.moves[k-2].at).Seconds()
		line := ""
		for _, l := range f.Contest {
			if strings.Contains(l, r.name(c.seat)+" called") {
				line = l
			}
		}
		if !strings.Contains(line, fmt.Sprintf("+%.3f s", rel)) {
			t.Errorf("%s's call line %q lacks its stamp +%.3f s", r.name(c.seat), line, rel)
		}
		if c.seat == call.Seat {
			continue
		}
		best, _ := before.BestCall(c.seat)
		var want string
		switch {
		case winBest.Win && !best.Win:
			want = "a call that wins the game beats every other"
		case best.Kind < winBest.Kind:
			want = fmt.Sprintf("%s outranks %s", winBest.Kind, best.Kind)
		default:
			want = "first in turn order after the discarder"
		}
		if !strings.Contains(line, want) {
			t.Errorf("loser %s (discarder %d, winner %d): line %q, want the reason %q", r.name(c.seat), discarder, call.Seat, line, want)
		}
	}

	// Had the call the rules prefer been stamped too late, the other call
	// takes the card: the replay says so rather than contradicting the rules.
	var loser int
	for _, c := range m.calls {
		if c.seat != call.Seat {
			loser = c.seat
		}
	}
	opts := before.CallOptions(loser)
	r.moves[k-1].action = opts[0].Action(loser)
	r.moves = r.moves[:k]
	f, err = r.frame(k)
	if err != nil {
		t.Fatal(err)
	}
	text = strings.Join(f.Contest, "\n")
	if !strings.Contains(text, r.name(call.Seat)+" called") || !strings.Contains(text, "too late: stamped after the window closed") {
		t.Errorf("the preferred call lost without being called too late:\n%s", text)
	}
}

// TestReplayLongGameFitsDiscord draws every step of the longest of 300
// seeded six-seat games and checks each against Discord's message limits.
func TestReplayLongGameFitsDiscord(t *testing.T) {
	t.Parallel()
	var longest *laroReplay
	for seed := uint64(1); seed <= 300; seed++ {
		gm, recs, _ := simGame(t, 6, seed)
		r, err := loadReplay(gm, recs)
		if err != nil {
			t.Fatal(err)
		}
		if longest == nil || r.last() > longest.last() {
			longest = r
		}
	}
	for k := 0; k <= longest.last(); k++ {
		f, err := longest.frame(k)
		if err != nil {
			t.Fatal(err)
		}
		v := replayView(longest, f)
		if err := discordtest.Validate(v.Content, v.Embeds, v.Components); err != nil {
			t.Fatalf("step %d of %d: Discord would refuse the viewer: %v", k, longest.last(), err)
		}
		if _, opts := golden.CustomIDs(v); len(opts) != ui.MaxChoices {
			t.Fatalf("step %d: the jump menu of a %d-step game has %d entries, want the 25 Discord allows", k, longest.last(), len(opts))
		}
	}
}
