package table

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"math/big"
)

// NewSeed draws a game's seed from the operating system's random source.
func NewSeed() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read does not fail on supported platforms
	return binary.BigEndian.Uint64(b[:])
}

// newTableID makes a short random table ID for titles and custom_ids.
func newTableID() string {
	n, _ := rand.Int(rand.Reader, big.NewInt(36*36*36*36*36*36)) // ~2 billion: collisions are not a worry
	return fmt.Sprintf("%06s", n.Text(36))
}
