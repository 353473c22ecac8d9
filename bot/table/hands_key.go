package table

import (
	"encoding/binary"
	"hash/maphash"
	"time"
)

// A HandKeyer is a Table that can tell cheaply whether a seat's hand
// message would be drawn differently, without drawing it. Drawing a hand
// (the words in the reader's language, the hints, the buttons) is most of
// a table's CPU, and a change redraws every open hand but the actor's only
// to find, for some, the same picture as before: in two-player Laro, the
// waiting hand after a draw from the deck.
type HandKeyer interface {
	// HandKey is a hash of everything HandView(seat, "") shows, taken from
	// the state it is drawn from: two equal keys (of one table) mean two
	// equal drawings. It may change when the drawing does not (that only
	// costs a drawing), never the other way round. 0 means "draw it".
	HandKey(seat int) uint64
}

// handKey is t's HandKey for seat s, or 0 when t has none or the table was
// given up (every hand then shows the one lost view).
func handKey(t Table, s int) uint64 {
	k, ok := t.(HandKeyer)
	if !ok || t.TableCore().lostView != nil {
		return 0
	}
	return k.HandKey(s)
}

// noteKey is the key of a hand shown with note on top: key itself without
// a note; with one, a key no redraw (drawn without a note) can have, so the
// next redraw is drawn and compared, and replaces the note if it differs.
func noteKey(key uint64, note string) uint64 {
	if key == 0 || note == "" {
		return key
	}
	k := NewKeyHash()
	k.Int(int64(key))
	k.String(note)
	return k.Sum()
}

// keySeed seeds every KeyHash: keys are compared only within one process.
var keySeed = maphash.MakeSeed()

// A KeyHash builds a HandKey from the values a hand shows. Every write is
// framed (lengths, presence marks), so that two different sequences of
// writes never hash the same bytes.
type KeyHash struct{ h maphash.Hash }

// NewKeyHash starts a key.
func NewKeyHash() *KeyHash {
	k := &KeyHash{}
	k.h.SetSeed(keySeed)
	return k
}

// Int adds n.
func (k *KeyHash) Int(n int64) {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], uint64(n))
	k.h.Write(b[:])
}

// Bool adds b.
func (k *KeyHash) Bool(b bool) {
	if b {
		k.h.WriteByte(1)
	} else {
		k.h.WriteByte(0)
	}
}

// String adds s.
func (k *KeyHash) String(s string) {
	k.Int(int64(len(s)))
	k.h.WriteString(s)
}

// Byte adds b: a card, say. Count a run of them with Int first.
func (k *KeyHash) Byte(b byte) { k.h.WriteByte(b) }

// Time adds t to the second, as a Discord timestamp shows it, and whether
// it is zero.
func (k *KeyHash) Time(t time.Time) {
	k.Bool(t.IsZero())
	k.Int(t.Unix())
}

// Seats adds every seat's name as shown.
func (k *KeyHash) Seats(seats []Seat) {
	k.Int(int64(len(seats)))
	for _, s := range seats {
		k.String(s.UserID)
		k.String(s.Name)
		k.Bool(s.Computer)
	}
}

// Sum is the key: never 0, which means "unknown".
func (k *KeyHash) Sum() uint64 {
	if s := k.h.Sum64(); s != 0 {
		return s
	}
	return 1
}
