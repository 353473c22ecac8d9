package laro

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/cardbot/cardbot/bot/emojis"
	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/table"
	rules "github.com/cardbot/cardbot/engine/laro"
)

// keyMutation changes one part of a screen, keeping it drawable.
type keyMutation func(s *laroScreen, r *rand.Rand)

// screenMutations change each field of a laroScreen, and viewMutations
// each field of its engine view: TestHandKeyChangesWithEveryHand fails
// when either struct gains a field that is not here, so a new field the
// hand shows cannot slip past the key.
var screenMutations = map[string]keyMutation{
	"TableID":  func(s *laroScreen, r *rand.Rand) { s.TableID += "x" },
	"GameID":   func(s *laroScreen, r *rand.Rand) { s.GameID += "f" },
	"GameNo":   func(s *laroScreen, r *rand.Rand) { s.GameNo++ },
	"Version":  func(s *laroScreen, r *rand.Rand) { s.Version++ },
	"Seats":    func(s *laroScreen, r *rand.Rand) { i := r.IntN(len(s.Seats)); s.Seats[i].Name += "é" },
	"Settings": func(s *laroScreen, r *rand.Rand) { s.Settings.Stake++; s.Settings.TurnTimerS += 30 },
	"Pot":      func(s *laroScreen, r *rand.Rand) { s.Pot += 10 },
	"View":     nil, // viewMutations
	"Events":   func(s *laroScreen, r *rand.Rand) { s.Events = append(s.Events, "ben drew from the deck.") },
	"Deadline": func(s *laroScreen, r *rand.Rand) {
		s.Deadline = s.Deadline.Add(time.Duration(1+r.IntN(90)) * time.Second)
	},
	"Window": func(s *laroScreen, r *rand.Rand) { s.Window += " (2 calls in)" },
	"Waiting": func(s *laroScreen, r *rand.Rand) {
		s.Waiting = pick(r, "", "Your draw waits for the window.", "ann is choosing.")
	},
	"Result": func(s *laroScreen, r *rand.Rand) { s.Result = append(s.Result, "ann +4") },
	"Note": func(s *laroScreen, r *rand.Rand) {
		s.Note = pick(r, "", "That button is from an earlier turn.", "Nothing to lay.")
	},
	"Choice": func(s *laroScreen, r *rand.Rand) {
		s.Choice = append(s.Choice, rules.CallOption{Pair: [2]rules.Card{s.View.Hand[0], s.View.Hand[1]}, Kind: rules.Kind(r.IntN(3))})
	},
	"Emojis":   func(s *laroScreen, r *rand.Rand) { s.Emojis = toggleEmojis(s.Emojis) },
	"Revealed": func(s *laroScreen, r *rand.Rand) { s.Revealed = append(s.Revealed, s.View.Hand) },
	"Claim":    mutateClaim,
	"Lang":     func(s *laroScreen, r *rand.Rand) { s.Lang = 1 - s.Lang },
}

var viewMutations = map[string]keyMutation{
	"Seat":   func(s *laroScreen, r *rand.Rand) { s.View.Seat = (s.View.Seat + 1) % s.View.Seats },
	"Seats":  func(s *laroScreen, r *rand.Rand) { s.View.Seats++; s.View.Laid = append(s.View.Laid, nil) },
	"Dealer": func(s *laroScreen, r *rand.Rand) { s.View.Dealer = (s.View.Dealer + 1) % s.View.Seats },
	"Hand":   func(s *laroScreen, r *rand.Rand) { s.View.Hand[r.IntN(len(s.View.Hand))] = s.View.Top },
	"Drawn":  func(s *laroScreen, r *rand.Rand) { s.View.Drawn = s.View.Hand[r.IntN(len(s.View.Hand))] },
	"Laid": func(s *laroScreen, r *rand.Rand) {
		i := r.IntN(s.View.Seats)
		s.View.Laid[i] = append(s.View.Laid[i], s.View.Hand[:3])
	},
	"HandSizes": func(s *laroScreen, r *rand.Rand) { s.View.HandSizes[r.IntN(s.View.Seats)]++ },
	"Forfeited": func(s *laroScreen, r *rand.Rand) {
		i := r.IntN(s.View.Seats)
		s.View.Forfeited[i] = !s.View.Forfeited[i]
	},
	"Top": func(s *laroScreen, r *rand.Rand) {
		s.View.Top = pick(r, rules.NoCard, s.View.Hand[0], s.View.Hand[len(s.View.Hand)-1])
	},
	"DiscardSize": func(s *laroScreen, r *rand.Rand) { s.View.DiscardSize++ },
	"DeckSize":    func(s *laroScreen, r *rand.Rand) { s.View.DeckSize-- },
	"Reshuffles":  func(s *laroScreen, r *rand.Rand) { s.View.Reshuffles++ },
	"Turn":        func(s *laroScreen, r *rand.Rand) { s.View.Turn = (s.View.Turn + 1) % s.View.Seats },
	"Phase": func(s *laroScreen, r *rand.Rand) {
		s.View.Phase = pick(r, rules.PhaseDraw, rules.PhaseDiscard, rules.PhaseCallDiscard, rules.PhaseOver)
	},
	"Turns":       func(s *laroScreen, r *rand.Rand) { s.View.Turns++ },
	"Claimable":   func(s *laroScreen, r *rand.Rand) { s.View.Claimable = !s.View.Claimable },
	"Discarder":   func(s *laroScreen, r *rand.Rand) { s.View.Discarder = (s.View.Discarder + 1) % s.View.Seats },
	"End":         func(s *laroScreen, r *rand.Rand) { s.View.End = rules.End(1 + r.IntN(4)) },
	"Winner":      func(s *laroScreen, r *rand.Rand) { s.View.Winner = (s.View.Winner + 2) % (s.View.Seats + 1) },
	"Points":      func(s *laroScreen, r *rand.Rand) { s.View.Points += 5 },
	"WinClusters": func(s *laroScreen, r *rand.Rand) { s.View.WinClusters = append(s.View.WinClusters, s.View.Hand[:3]) },
}

func pick[T any](r *rand.Rand, xs ...T) T { return xs[r.IntN(len(xs))] }

var keyEmojis = emojis.Fixed(Faces()...)

func toggleEmojis(e *emojis.Set) *emojis.Set {
	if e == nil {
		return keyEmojis
	}
	return nil
}

func mutateClaim(s *laroScreen, r *rand.Rand) {
	switch c := s.Claim; {
	case c == nil:
		s.Claim = &handClaim{Card: s.View.Hand[0], Best: rules.CallOption{Pair: [2]rules.Card{s.View.Hand[1], s.View.Hand[2]}}, Close: countdown(time.Unix(1700000000, 0))}
	default:
		cc := *c
		switch r.IntN(4) {
		case 0:
			cc.In = !cc.In
		case 1:
			cc.Best.Win = !cc.Best.Win
		case 2:
			cc.Close = countdown(time.Unix(1700000000+r.Int64N(100), 0))
		default:
			s.Claim = nil
			return
		}
		s.Claim = &cc
	}
}

// clone copies s deeply enough that a mutation of the copy leaves s as it
// was.
func clone(s laroScreen) laroScreen {
	s.Seats = slices.Clone(s.Seats)
	s.Events = slices.Clone(s.Events)
	s.Result = slices.Clone(s.Result)
	s.Choice = slices.Clone(s.Choice)
	s.Revealed = slices.Clone(s.Revealed)
	v := &s.View
	v.Hand = slices.Clone(v.Hand)
	v.Laid = slices.Clone(v.Laid)
	for i := range v.Laid {
		v.Laid[i] = slices.Clone(v.Laid[i])
	}
	v.HandSizes = slices.Clone(v.HandSizes)
	v.Forfeited = slices.Clone(v.Forfeited)
	v.WinClusters = slices.Clone(v.WinClusters)
	if s.Claim != nil {
		c := *s.Claim
		s.Claim = &c
	}
	return s
}

// TestHandKeyChangesWithEveryHand holds laroHandKey to laroHand: over many
// seeded games of 1 to 6 seats, for every seat after every move, and for
// every one-field change of each such screen, an unchanged key means an
// unchanged drawing. A table skips drawing a hand whose key is the same,
// so a field the hand shows but the key leaves out would leave a player
// looking at a stale hand; this test finds it. It also checks that the
// key stays put where it should (another seat's draw from the deck leaves
// a waiting hand alone), or the key would save nothing.
func TestHandKeyChangesWithEveryHand(t *testing.T) {
	t.Parallel()
	for _, m := range []struct {
		typ   reflect.Type
		muts  map[string]keyMutation
		label string
	}{{reflect.TypeFor[laroScreen](), screenMutations, "laroScreen"}, {reflect.TypeFor[rules.View](), viewMutations, "rules.View"}} {
		for f := range m.typ.Fields() {
			if _, ok := m.muts[f.Name]; !ok {
				t.Errorf("%s.%s has no mutation in view_key_test.go: add one, and to laroHandKey if the hand shows it", m.label, f.Name)
			}
		}
	}
	names := func(m map[string]keyMutation) []string {
		var ns []string
		for n, f := range m {
			if f != nil {
				ns = append(ns, n)
			}
		}
		slices.Sort(ns)
		return ns
	}
	screenNames, viewNames := names(screenMutations), names(viewMutations)
	seats := []table.Seat{{UserID: "111", Name: "ann"}, {UserID: "222", Name: "ben"}, {Computer: true, Name: "Ada"},
		{UserID: "444", Name: "dee"}, {UserID: "555"}, {UserID: "666", Name: "*fay*"}}
	var checked, same, waitingSkips, moves int
	for seed := uint64(1); seed <= 24; seed++ {
		r := rand.New(rand.NewPCG(seed, 27))
		n := 1 + int(seed%6)
		g, err := rules.New(rules.Config{Seats: n, Dealer: int(seed) % n}, seed)
		if err != nil {
			t.Fatal(err)
		}
		deadline := time.Unix(1700000000, 0)
		prev := make([]uint64, n)
		prevSum := make([]uint64, n)
		for step := 0; ; step++ {
			for seat := range n {
				s := laroScreen{TableID: "abc123", GameNo: 1 + int(seed%3), Version: step, Seats: seats[:n],
					Pot: int64(10 * step), View: g.View(seat), Events: []string{"move " + string(rune('a'+step%26))},
					Deadline: deadline, Lang: lang.Lang(seed % 2)}
				if seed%4 == 0 {
					s.Emojis = keyEmojis
				}
				if g.Over() {
					s.Result = []string{"ann +4", "ben -4"}
					s.GameID = "0123456789abcdef"
				}
				if opts := s.View.CallOptions(); len(opts) > 0 && r.IntN(3) == 0 {
					s.Claim = &handClaim{Card: s.View.Top, Best: opts[0], Close: countdown(deadline)}
				}
				key, sum := laroHandKey(s), laroHand(s).Fingerprint()
				// Along the game: the key of the hand as the game goes on.
				if step > 0 && key == prev[seat] {
					same++
					if sum != prevSum[seat] {
						t.Fatalf("seed %d step %d seat %d: same key as the step before, but the hand changed", seed, step, seat)
					}
					if !s.View.MyTurn() && !g.Over() {
						waitingSkips++
					}
				}
				prev[seat], prevSum[seat] = key, sum
				// Every one-field change of this screen.
				for _, list := range []struct {
					names []string
					muts  map[string]keyMutation
				}{{screenNames, screenMutations}, {viewNames, viewMutations}} {
					for _, name := range list.names {
						s2 := clone(s)
						list.muts[name](&s2, r)
						checked++
						if laroHandKey(s2) == key && laroHand(s2).Fingerprint() != sum {
							t.Fatalf("seed %d step %d seat %d: changing %s left the key as it was, but the hand changed:\n%+v\n%+v",
								seed, step, seat, name, laroHand(s).Embeds[0], laroHand(s2).Embeds[0])
						}
					}
				}
			}
			if g.Over() {
				break
			}
			a, _ := rules.Choose(rules.Computer{}, g.View(g.Turn()))
			if err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
			moves++
			if _, discarded := a.(rules.Discard); discarded {
				deadline = deadline.Add(90 * time.Second) // the next turn's
			}
		}
	}
	t.Logf("%d moves, %d one-field changes checked, %d unchanged keys along the games (%d of a waiting hand)", moves, checked, same, waitingSkips)
	if waitingSkips == 0 {
		t.Error("no waiting hand kept its key through another seat's move: the key saves no drawing")
	}
}

// BenchmarkWaitingHand compares deciding that a waiting hand needs no
// redraw by its key with drawing it to compare fingerprints.
func BenchmarkWaitingHand(b *testing.B) {
	g, err := rules.New(rules.Config{Seats: 2}, 7)
	if err != nil {
		b.Fatal(err)
	}
	for range 6 {
		a, _ := rules.Choose(rules.Computer{}, g.View(g.Turn()))
		if err := g.Apply(a); err != nil {
			b.Fatal(err)
		}
	}
	s := laroScreen{TableID: "abc123", GameNo: 1, Version: 6, Seats: viewSeats[:2], View: g.View(1 - g.Turn()),
		Events: []string{"ann drew from the deck."}, Emojis: keyEmojis, Deadline: time.Unix(1700000000, 0)}
	b.Run("key", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			laroHandKey(s)
		}
	})
	b.Run("drawing", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			laroHand(s).Fingerprint()
		}
	})
}
