package cardface

import (
	"testing"

	"github.com/cardbot/cardbot/engine/laro"
	"github.com/cardbot/cardbot/engine/laus"
)

// BenchmarkRenderEncodeAll draws every distinct face from nothing (no
// cache) and encodes each as PNG, as the emoji set does once at start. It
// reports the largest file, which Discord caps at 256 KiB.
func BenchmarkRenderEncodeAll(b *testing.B) {
	largest := 0
	for b.Loop() {
		f := newFonts()
		for _, c := range laro.Deck()[:61] {
			data, err := PNG(drawLaro(f, c))
			if err != nil {
				b.Fatal(err)
			}
			largest = max(largest, len(data))
		}
		for c := laus.Card(1); c <= 32; c++ {
			data, err := PNG(drawLaus(f, c))
			if err != nil {
				b.Fatal(err)
			}
			largest = max(largest, len(data))
		}
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/all")
	b.ReportMetric(float64(largest), "max-bytes")
}

// BenchmarkCachedFace is what every later use of a face costs: a copy of
// the cached pixels, never a new drawing.
func BenchmarkCachedFace(b *testing.B) {
	c, _ := laro.NewCard(laro.Square, true, 9)
	Laro(c)
	for b.Loop() {
		Laro(c)
	}
}
