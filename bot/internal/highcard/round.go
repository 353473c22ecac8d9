package highcard

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// handSize is how many cards each player is dealt, of a deck of 1 to deckSize.
const handSize, deckSize = 3, 20

// round is the pure game: hands dealt from seed, and the plays so far.
type round struct {
	seats  int
	hands  [][]int // what each seat still holds
	played []int   // each seat's card, 0 until played
	order  []int   // seats in the order they played
}

// deal deals a round for seats from seed.
func deal(seats int, seed uint64) *round {
	deck := make([]int, deckSize)
	for i := range deck {
		deck[i] = i + 1
	}
	rand.New(rand.NewPCG(seed, seed)).Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	r := &round{seats: seats, played: make([]int, seats)}
	for s := range seats {
		h := slices.Clone(deck[s*handSize : (s+1)*handSize])
		slices.Sort(h)
		r.hands = append(r.hands, h)
	}
	return r
}

// turn is the seat to play, or -1 once everyone has.
func (r *round) turn() int {
	if r.over() {
		return -1
	}
	return len(r.order)
}

func (r *round) over() bool { return len(r.order) == r.seats }

// play plays seat's card, or says why it may not.
func (r *round) play(seat, card int) error {
	if seat != r.turn() {
		return fmt.Errorf("not seat %d's turn", seat)
	}
	i := slices.Index(r.hands[seat], card)
	if i < 0 {
		return fmt.Errorf("seat %d holds no %d", seat, card)
	}
	r.hands[seat] = slices.Delete(r.hands[seat], i, i+1)
	r.played[seat] = card
	r.order = append(r.order, seat)
	return nil
}

// winner is the seat that played the highest card, once all have.
func (r *round) winner() int {
	best := -1
	for s, c := range r.played {
		if best < 0 || c > r.played[best] {
			best = s
		}
	}
	return best
}

// The log: "start <seed>", then "play <seat> <card>" per play.
func startRecord(seed uint64) string { return fmt.Sprintf("start %016x", seed) }

func playRecord(seat, card int) string { return fmt.Sprintf("play %d %d", seat, card) }

func parseStart(data []byte) (uint64, error) {
	var seed uint64
	_, err := fmt.Sscanf(string(data), "start %x", &seed)
	return seed, err
}

func parsePlay(data []byte) (seat, card int, err error) {
	f := strings.Fields(string(data))
	if len(f) != 3 || f[0] != "play" {
		return 0, 0, fmt.Errorf("not a play: %q", data)
	}
	if seat, err = strconv.Atoi(f[1]); err == nil {
		card, err = strconv.Atoi(f[2])
	}
	return seat, card, err
}
