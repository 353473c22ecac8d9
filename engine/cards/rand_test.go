package cards

import (
	"slices"
	"testing"
)

func TestNewRandIsReproducible(t *testing.T) {
	for _, seed := range []uint64{0, 1, 42, 1 << 63} {
		a, b := NewRand(seed), NewRand(seed)
		for i := 0; i < 100; i++ {
			if x, y := a.Uint64(), b.Uint64(); x != y {
				t.Fatalf("seed %d draw %d: got %d and %d from the same seed", seed, i, x, y)
			}
		}
	}
}

func TestNearbySeedsDiffer(t *testing.T) {
	if NewRand(1).Uint64() == NewRand(2).Uint64() {
		t.Fatal("seeds 1 and 2 start with the same value")
	}
}

func TestShuffleKeepsElements(t *testing.T) {
	s := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	Shuffle(NewRand(7), s)
	sorted := slices.Clone(s)
	slices.Sort(sorted)
	if !slices.Equal(sorted, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}) {
		t.Fatalf("shuffle lost or duplicated elements: %v", s)
	}
	again := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	Shuffle(NewRand(7), again)
	if !slices.Equal(s, again) {
		t.Fatalf("same seed shuffled differently: %v vs %v", s, again)
	}
}
