package emojis

import (
	"testing"
)

// BenchmarkText is the cost of showing one card in a view, from many
// goroutines at once as tables render in parallel.
func BenchmarkText(b *testing.B) {
	faces := testFaces()
	s := Fixed(faces...)
	f := faces[17]
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			s.Text(f.Key, f.Text)
		}
	})
}

// BenchmarkRenderFaces is what a start costs before it talks to Discord:
// every face encoded (drawn once per process, then taken from the cache)
// and hashed.
func BenchmarkRenderFaces(b *testing.B) {
	faces := testFaces()
	for b.Loop() {
		if _, err := renderFaces(faces); err != nil {
			b.Fatal(err)
		}
	}
}
