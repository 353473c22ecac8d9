package emojis

import (
	"testing"

	"github.com/cardbot/cardbot/engine/laro"
)

// BenchmarkLaroText is the cost of showing one card in a view, from many
// goroutines at once as tables render in parallel.
func BenchmarkLaroText(b *testing.B) {
	s := Fixed()
	c, _ := laro.NewCard(laro.Triangle, true, 7)
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			s.LaroText(c)
		}
	})
}

// BenchmarkRenderFaces is what a start costs before it talks to Discord:
// every face encoded (drawn once per process, then taken from the cache)
// and hashed.
func BenchmarkRenderFaces(b *testing.B) {
	for b.Loop() {
		if _, err := renderFaces(); err != nil {
			b.Fatal(err)
		}
	}
}
