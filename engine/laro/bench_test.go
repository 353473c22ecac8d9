package laro

import (
	"testing"

	"github.com/cardbot/cardbot/engine/cards"
)

func BenchmarkBestSplit(b *testing.B) {
	hands := [][]Card{
		cs(b, "C+1 C+2 C+3 C+4 C+5 C+6 V T+1 T+2"),
		cs(b, "V V V C+4 C+5 C+6 S-1 S-2 S-3"),
		cs(b, "C+1 C-2 C+3 T+4 T-5 T+6 S-7 S+8 S-9"),
		cs(b, "C+1 C+2 C+3 T+4 T-5 T+6 S-7 S+8 S+1"),
	}
	b.ReportAllocs()
	var s splitter
	for i := 0; b.Loop(); i++ {
		s.split(hands[i%len(hands)])
	}
}

// BenchmarkBestSplitAPI includes the exported function's copy of the
// clusters.
func BenchmarkBestSplitAPI(b *testing.B) {
	hand := cs(b, "C+1 C+2 C+3 C+4 C+5 C+6 V T+1 T+2")
	b.ReportAllocs()
	for b.Loop() {
		BestSplit(hand)
	}
}

// BenchmarkRandomGame4 plays a whole four-seat game of random legal moves,
// from the deal to the end.
func BenchmarkRandomGame4(b *testing.B) {
	rng := cards.NewRand(1)
	b.ReportAllocs()
	seed, actions := uint64(0), 0
	var buf []Action
	for b.Loop() {
		seed++
		g, _ := New(Config{Seats: 4}, seed)
		for !g.Over() {
			legal := g.AppendLegal(buf[:0], g.Turn())
			buf = legal
			if err := g.Apply(legal[rng.IntN(len(legal))]); err != nil {
				b.Fatal(err)
			}
		}
		actions += len(g.log)
	}
	b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
}

// BenchmarkComputerGame4 plays a whole game between four Computer players,
// every seat asked about every discard.
func BenchmarkComputerGame4(b *testing.B) {
	players := []Player{Computer{}, Computer{}, Computer{}, Computer{}}
	b.ReportAllocs()
	seed, actions := uint64(0), 0
	for b.Loop() {
		seed++
		actions += len(playGame(b, seed, 0, players, false).log)
	}
	b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
}

// BenchmarkHints finds the hints of hands with several groups forming: all
// of them, and the five a hand message shows.
func BenchmarkHints(b *testing.B) {
	hands := [][]Card{
		cs(b, "C+4 C+5 C+6 S-9 V V T+2 T-2"),
		cs(b, "C+1 C-2 C+3 T+4 T-5 T+6 S-7 S+8 S-9"),
		cs(b, "C+1 C+2 T+3 T+4 S-5 S+6 S-7 S+8"),
	}
	for _, n := range []int{-1, 5} {
		b.Run(map[int]string{-1: "all", 5: "first5"}[n], func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				FirstHints(hands[i%len(hands)], n)
			}
		})
	}
}
