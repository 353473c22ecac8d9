package laro

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/cardbot/cardbot/engine/cards"
)

// propertyGames is how many random games the property test plays: about
// 4 s alone and 17 s under the race detector on the 2-core CI machine.
const propertyGames = 3000

// TestRandomGamesKeepTheRules plays seeded random games to the end with
// random legal moves, contested LARO! calls (some stamped too late) and
// the odd forfeit, and after every action checks the invariants. Between
// moves it throws random actions at the game: every one Legal does not list
// must be refused and change nothing. Each finished game is replayed from
// its JSON log and must come out identical.
func TestRandomGamesKeepTheRules(t *testing.T) {
	ends := map[End]int{}
	calls, lateCalls, refused := 0, 0, 0
	for i := range propertyGames {
		seed := uint64(i)
		rng := cards.NewRand(seed ^ 0xabcdef)
		seats := 1 + rng.IntN(MaxSeats)
		cfg := Config{Seats: seats, Dealer: rng.IntN(seats)}
		g, err := New(cfg, seed)
		if err != nil {
			t.Fatal(err)
		}
		checkInvariants(t, g)
		for steps := 0; !g.Over(); steps++ {
			if steps > maxActions {
				t.Fatalf("seed %d: no end after %d actions", seed, steps)
			}
			if rng.IntN(3) == 0 {
				refused += tryIllegal(t, g, rng, seed)
			}
			a := pickRandom(t, g, rng, &calls, &lateCalls)
			if err := g.Apply(a); err != nil {
				t.Fatalf("seed %d: legal %v refused: %v (%s)", seed, a, err, describe(g))
			}
			checkInvariants(t, g)
		}
		ends[g.End()]++
		replayMatches(t, g, cfg, seed, i%5 == 0)
	}
	t.Logf("%d games: ends %v, %d calls made, %d too late, %d illegal actions refused", propertyGames, ends, calls, lateCalls, refused)
	if ends[EndWin] == 0 || ends[EndDeckOut] == 0 || ends[EndDefault] == 0 || calls == 0 || lateCalls == 0 {
		t.Fatalf("the random games did not cover every ending and calls: ends %v, calls %d, late %d", ends, calls, lateCalls)
	}
}

// pickRandom chooses the next action: a forfeit now and then, the winner of
// a contest among random callers when a discard is open, else a random
// legal move of the seat to move.
func pickRandom(t *testing.T, g *Game, rng *rand.Rand, calls, late *int) Action {
	seats := g.Config().Seats
	if rng.IntN(1000) == 0 {
		s := rng.IntN(seats)
		if !g.Forfeited(s) {
			return Forfeit{Seat: s}
		}
	}
	if _, discarder, ok := g.Claimable(); ok && rng.IntN(3) > 0 {
		discardAt := time.Unix(1_700_000_000, 0)
		closeAt := DefaultWindow.Close(discardAt, discardAt.Add(time.Duration(rng.IntN(5000))*time.Millisecond))
		var claims []Claim
		byseat := map[int]Call{}
		for s := range seats {
			opts := g.CallOptions(s)
			if len(opts) == 0 || rng.IntN(2) == 0 {
				continue
			}
			o := opts[rng.IntN(len(opts))]
			at := discardAt.Add(time.Duration(rng.IntN(4000)) * time.Millisecond)
			claims = append(claims, o.Claim(s, at))
			byseat[s] = o.Action(s)
		}
		w, ok, tooLate := Contest(discarder, seats, claims, closeAt)
		*late += len(tooLate)
		if ok {
			for _, c := range claims {
				if c.Seat == w {
					continue
				}
				// A losing call is not what Contest would pick over the winner.
				if (c.Win && !byseat[w].Win) && !c.At.After(closeAt) {
					t.Fatalf("contest chose %d over a winning call by %d", w, c.Seat)
				}
			}
			*calls++
			return byseat[w]
		}
	}
	legal := g.Legal(g.Turn())
	if len(legal) == 0 {
		t.Fatalf("seat %d to move has no legal action (%s)", g.Turn(), describe(g))
	}
	return legal[rng.IntN(len(legal))]
}

// tryIllegal throws one random action at the game. If Legal does not list
// it (compared by text, which is how players see moves), Apply must refuse
// it without changing anything. It returns 1 if the action was refused.
func tryIllegal(t *testing.T, g *Game, rng *rand.Rand, seed uint64) int {
	seats := g.Config().Seats
	seat := rng.IntN(seats+2) - 1
	anyCard := func() Card { return Card(rng.IntN(NumCards + 2)) }
	var a Action
	switch rng.IntN(5) {
	case 0:
		a = Draw{Seat: seat, FromDiscard: rng.IntN(2) == 0}
	case 1:
		c := anyCard()
		if h := g.hands[max(seat, 0)%seats]; len(h) > 0 && rng.IntN(2) == 0 {
			c = h[rng.IntN(len(h))]
		}
		a = Discard{Seat: seat, Card: c}
	case 2:
		a = DeclareWin{Seat: seat}
	case 3:
		a = Call{Seat: seat, Win: true}
	default:
		p := [2]Card{anyCard(), anyCard()}
		if h := g.hands[max(seat, 0)%seats]; len(h) > 1 && rng.IntN(2) == 0 {
			p = [2]Card{h[rng.IntN(len(h))], h[rng.IntN(len(h))]}
		}
		if p[1] < p[0] {
			p[0], p[1] = p[1], p[0]
		}
		a = Call{Seat: seat, Pair: p}
	}
	for _, l := range g.Legal(seat) {
		if l.String() == a.String() {
			return 0
		}
	}
	before := g.fingerprint()
	if err := g.Apply(a); err == nil {
		t.Fatalf("seed %d: %v is not in Legal(%d) = %v but Apply took it", seed, a, seat, g.Legal(seat))
	}
	if before != g.fingerprint() {
		t.Fatalf("seed %d: refused %v changed the game", seed, a)
	}
	return 1
}

// replayMatches rebuilds g from its log, sent through JSON as the bot
// stores it when viaJSON is set, and requires the same state.
func replayMatches(t *testing.T, g *Game, cfg Config, seed uint64, viaJSON bool) {
	log := g.Log()
	if viaJSON {
		b, err := json.Marshal(log)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &log); err != nil {
			t.Fatal(err)
		}
	}
	r, err := Replay(cfg, seed, log)
	if err != nil {
		t.Fatalf("seed %d: replay: %v", seed, err)
	}
	if !sameState(g.state(), r.state()) {
		t.Fatalf("seed %d: replay differs:\n got %+v\nwant %+v", seed, r.state(), g.state())
	}
}
