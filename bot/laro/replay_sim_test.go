package laro

import (
	"fmt"
	"testing"
	"time"

	"github.com/cardbot/cardbot/bot/table"
	rules "github.com/cardbot/cardbot/engine/laro"
	"github.com/cardbot/cardbot/store"
)

// engineState is what the engine holds after one move: every hand, every
// laid cluster, and the face-up state.
type engineState struct {
	hands [][]rules.Card
	laid  [][][]rules.Card
	view  rules.View
}

func stateOf(g *rules.Game) engineState {
	st := engineState{view: g.View(-1)}
	for s := range g.Config().Seats {
		st.hands = append(st.hands, g.Hand(s))
		st.laid = append(st.laid, g.Laid(s))
	}
	return st
}

// simEpoch is the snowflake time of a simulated game's deal.
var simEpoch = time.UnixMilli(1_750_000_000_000)

// simGame plays a seeded game of computer players through the engine the
// way a table does, and returns the game row and log a table would have
// stored (LARO! calls as intents, each stamped 300 ms per seat after the
// discard, then the winning call) and the engine's state after every move.
func simGame(tb testing.TB, seats int, seed uint64) (store.Game, []store.ActionRecord, []engineState) {
	tb.Helper()
	dealer := int(seed % uint64(seats))
	g, err := rules.New(rules.Config{Seats: seats, Dealer: dealer}, seed)
	if err != nil {
		tb.Fatal(err)
	}
	var ss []store.Seat
	for s := range seats {
		ss = append(ss, store.Seat{User: fmt.Sprint(100 + s)})
	}
	gm := store.Game{ID: fmt.Sprintf("%016x", seed), Kind: store.KindLaro, Guild: "g1", Channel: "c1", Seats: ss,
		Status: store.StatusFinished, Settings: laroSettings{Stake: 1, Ante: 10, ClaimWindowMS: 3000, GameNo: 1}.marshal()}
	at := simEpoch
	recs := []store.ActionRecord{{Seq: 1, Data: fmt.Appendf(nil, "start %x %d", seed, dealer), At: at}}
	add := func(data string, when time.Time) {
		recs = append(recs, store.ActionRecord{Seq: int64(len(recs) + 1), Data: []byte(data), At: when})
	}
	states := []engineState{stateOf(g)}
	apply := func(a rules.Action, when time.Time) {
		if err := g.Apply(a); err != nil {
			tb.Fatalf("seed %d: %s: %v", seed, a, err)
		}
		add(a.String(), when)
		states = append(states, stateOf(g))
	}
	for moves := 0; !g.Over(); moves++ {
		if moves > 5000 {
			tb.Fatalf("seed %d: no end after 5000 moves", seed)
		}
		discardAt := at
		at = at.Add(2 * time.Second)
		if _, discarder, ok := g.Claimable(); ok {
			var claims []rules.Claim
			calls := map[int]rules.Call{}
			for s := range seats {
				call, _, ok := rules.ChooseCall(rules.Computer{}, g.View(s))
				if !ok || s == discarder {
					continue
				}
				best, _ := g.BestCall(s)
				stamp := discardAt.Add(time.Duration(s+1) * 300 * time.Millisecond)
				claims = append(claims, best.Claim(s, stamp))
				calls[s] = call
				add(callIntent(s), stamp)
			}
			if w, ok, _ := rules.Contest(discarder, seats, claims, at); ok {
				for _, c := range claims {
					if c.Seat == w {
						apply(calls[w], c.At)
					}
				}
				continue
			}
		}
		a, ok := rules.Choose(rules.Computer{}, g.View(g.Turn()))
		if !ok {
			tb.Fatalf("seed %d: no move for seat %d", seed, g.Turn())
		}
		apply(a, at)
	}
	gm.Seats = table.StoreSeats(table.SeatsFromStore(ss))
	return gm, recs, states
}
