// Package cards holds what both games share about cards: the seeded,
// reproducible random source every shuffle is drawn from.
//
// The engine never picks its own randomness. A caller (the bot) chooses a seed
// once per game, stores it with the game, and passes it here; replaying the game
// later with the same seed yields the same shuffles, card for card.
package cards

import (
	"encoding/binary"
	"math/rand/v2"
)

// NewRand returns a ChaCha8 random source expanded from seed. The same seed
// always yields the same sequence, on every machine and Go version.
func NewRand(seed uint64) *rand.Rand {
	var key [32]byte
	// Spread the 64-bit seed over the 32-byte key so that nearby seeds still
	// produce unrelated streams.
	for i := 0; i < 4; i++ {
		binary.LittleEndian.PutUint64(key[i*8:], seed^(0x9E3779B97F4A7C15*uint64(i+1)))
	}
	return rand.New(rand.NewChaCha8(key))
}

// Shuffle permutes s in place with rng (Fisher–Yates).
func Shuffle[T any](rng *rand.Rand, s []T) {
	rng.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
}
