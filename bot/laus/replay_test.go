package laus

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/history"
	"github.com/cardbot/cardbot/bot/internal/golden"
	"github.com/cardbot/cardbot/bot/ui"
	rules "github.com/cardbot/cardbot/engine/laus"
	"github.com/cardbot/cardbot/store"
)

// lausState is what the engine holds after one move.
type lausState struct {
	hands [][]rules.Card
	skat  []rules.Card
	view  rules.View
}

func lausStateOf(m *rules.Match) lausState {
	st := lausState{view: m.View(-1), skat: m.Skat()}
	for s := range m.Config().Seats {
		st.hands = append(st.hands, m.Hand(s))
	}
	return st
}

// simMatch plays a seeded match of computer players through the engine and
// returns the match row and log a table would have stored (one move timed
// out, one "I'm back", as tables record them) and the engine's state after
// every move.
func simMatch(tb testing.TB, seats, target int, seed uint64) (store.Game, []store.ActionRecord, []lausState) {
	tb.Helper()
	m, err := rules.NewMatch(rules.MatchConfig{Seats: seats, Target: target}, seed)
	if err != nil {
		tb.Fatal(err)
	}
	var ss []store.Seat
	for s := range seats {
		ss = append(ss, store.Seat{User: fmt.Sprint(200 + s)})
	}
	gm := store.Game{ID: fmt.Sprintf("%016x", seed), Kind: store.KindLaus, Guild: "g1", Channel: "c1", Seats: ss,
		Status: store.StatusFinished, Settings: lausSettings{Target: target, MatchNo: 1}.marshal()}
	at := time.UnixMilli(1_750_000_000_000)
	recs := []store.ActionRecord{{Seq: 1, Data: fmt.Appendf(nil, "start %x", seed), At: at}}
	states := []lausState{lausStateOf(m)}
	for n := 0; !m.Over(); n++ {
		if n > 20000 {
			tb.Fatalf("seed %d: no end after 20000 moves", seed)
		}
		a, ok := rules.Decide(rules.Computer{}, m.View(m.Turn()))
		if !ok {
			tb.Fatalf("seed %d: no move", seed)
		}
		if err := m.Apply(a); err != nil {
			tb.Fatal(err)
		}
		e := lausEntry{action: a, timedOut: n == 5}
		data, err := e.marshal()
		if err != nil {
			tb.Fatal(err)
		}
		at = at.Add(time.Second)
		recs = append(recs, store.ActionRecord{Seq: int64(len(recs) + 1), Data: data, At: at})
		if n == 5 {
			recs = append(recs, store.ActionRecord{Seq: int64(len(recs) + 1), Data: []byte("back 0"), At: at})
		}
		states = append(states, lausStateOf(m))
	}
	return gm, recs, states
}

// TestReplayEveryStepMatchesEngine replays finished matches through the
// viewer and compares every step with the engine's own state, and checks
// every step's message against Discord's limits and its controls.
func TestReplayEveryStepMatchesEngine(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		seats := 3 + int(seed%2)
		gm, recs, states := simMatch(t, seats, 600, seed)
		r, err := loadLausReplay(gm, recs)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if r.last() != len(states)-1 {
			t.Fatalf("seed %d: replay has %d steps, the match made %d moves", seed, r.last(), len(states)-1)
		}
		rounds := 0
		for k, want := range states {
			f, err := r.frame(k)
			if err != nil {
				t.Fatalf("seed %d step %d: %v", seed, k, err)
			}
			got := lausState{hands: f.Hands, skat: f.Skat, view: f.View}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("seed %d step %d: replay shows\n%+v\nthe engine had\n%+v", seed, k, got, want)
			}
			v := replayView(r, f)
			if err := discordtest.Validate(v.Content, v.Embeds, v.Components); err != nil {
				t.Fatalf("seed %d step %d: Discord would refuse the viewer: %v", seed, k, err)
			}
			if f.Round != nil {
				rounds++
				if len(v.Embeds) != 2 || !strings.Contains(v.Embeds[1].Title, fmt.Sprintf("Round %d scoring", f.Round.Round)) {
					t.Errorf("seed %d step %d ended round %d without its scoring", seed, k, f.Round.Round)
				}
			}
			desc := v.Embeds[0].Description
			if k == 6 && !strings.Contains(desc, "out of time") {
				t.Errorf("seed %d: the timed-out move is not told: %q", seed, desc)
			}
			checkControls(t, v, k, r.last())
		}
		if final := states[len(states)-1].view; rounds == 0 || rounds != final.Round {
			t.Errorf("seed %d: %d rounds ended in the replay, the match played %d", seed, rounds, final.Round)
		}
	}
}

// TestReplayTellsTricksAndSkat checks the words of a three-player round:
// the skat decisions, each trick with its winner, and the scoring.
func TestReplayTellsTricksAndSkat(t *testing.T) {
	gm, recs, states := simMatch(t, 3, 1500, 42)
	if rounds := states[len(states)-1].view.Round; rounds < 2 {
		t.Fatalf("the match lasted %d round(s); pick a seed with two or more", rounds)
	}
	r, err := loadLausReplay(gm, recs)
	if err != nil {
		t.Fatal(err)
	}
	var all strings.Builder
	tricks := 0
	for k := 1; k <= r.last(); k++ {
		f, err := r.frame(k)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range f.What {
			all.WriteString(w + "\n")
			if strings.HasPrefix(w, "Trick ") {
				tricks++
			}
		}
	}
	text := all.String()
	for _, want := range []string{"the skat", "led **", "taken by", "Round 2:"} {
		if !strings.Contains(text, want) {
			t.Errorf("the replay never says %q", want)
		}
	}
	if tricks%10 != 0 || tricks == 0 {
		t.Errorf("%d tricks told, want ten a round", tricks)
	}
}

// checkControls checks that the viewer's buttons lead to the first,
// previous, next and last steps and its menu only to real steps, at most
// 25, each once.
func checkControls(t *testing.T, v ui.Rendering, step, last int) {
	t.Helper()
	want := map[string]int{"first": 0, "prev": max(step-1, 0), "next": min(step+1, last), "last": last}
	ids, opts := golden.CustomIDs(v)
	for _, id := range ids {
		c, err := ui.ParseComponentID(id, "laro", "laus")
		if err != nil {
			t.Fatalf("step %d: control %q: %v", step, id, err)
		}
		if c.Arg == "jump" {
			continue
		}
		got, ok := history.Target(&ui.Input{Component: c}, last)
		if !ok || got != want[c.Arg] {
			t.Errorf("step %d: %s leads to %d (%v), want %d", step, c.Arg, got, ok, want[c.Arg])
		}
	}
	if len(opts) > ui.MaxChoices || len(opts) < 2 {
		t.Errorf("step %d: the jump menu has %d entries, want 2 to 25", step, len(opts))
	}
	seen := map[string]bool{}
	for _, o := range opts {
		if _, ok := history.Target(&ui.Input{Component: ui.ComponentID{Arg: "jump"}, Values: []string{o.Value}}, last); !ok || seen[o.Value] {
			t.Errorf("step %d: jump entry %q is not a step of the match, or is listed twice", step, o.Value)
		}
		seen[o.Value] = true
	}
}

// TestReplayLongMatchFitsDiscord draws every step of the longest of 20
// seeded matches to the default target and checks each against Discord's
// message limits.
func TestReplayLongMatchFitsDiscord(t *testing.T) {
	var longest *lausReplay
	for seed := uint64(1); seed <= 20; seed++ {
		gm, recs, _ := simMatch(t, 3, defaultTarget, seed)
		r, err := loadLausReplay(gm, recs)
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
	}
}
