package ui

import (
	"encoding/binary"
	"hash/maphash"
	"math"
	"reflect"
)

// fingerprintSeed is the process's seed for Fingerprint: a fingerprint is
// only ever compared with another of the same process.
var fingerprintSeed = maphash.MakeSeed()

// Fingerprint is a 64-bit hash of everything r shows: two renderings with
// the same fingerprint look the same in Discord (barring a collision, about
// one in 2^64). A table uses it to skip an edit that would change nothing
// on a player's screen. It walks the whole value, every field of every
// embed, component and file, so a field discordgo adds later is covered
// too. It is 0 for a value it cannot walk (a map, a channel, a func), and
// for no other: a 0 never equals the fingerprint of what a message shows,
// so the caller treats such a rendering as changed.
func (r Rendering) Fingerprint() uint64 {
	var h maphash.Hash
	h.SetSeed(fingerprintSeed)
	if !hashValue(&h, reflect.ValueOf(r)) {
		return 0
	}
	if sum := h.Sum64(); sum != 0 {
		return sum
	}
	return 1 // 0 means "none"; a walked value never gets it
}

// hashValue writes v into h, with enough structure (lengths, nil marks,
// dynamic types) that two different values never write the same bytes.
func hashValue(h *maphash.Hash, v reflect.Value) bool {
	switch v.Kind() {
	case reflect.String:
		writeUint(h, uint64(v.Len()))
		h.WriteString(v.String())
	case reflect.Bool:
		if v.Bool() {
			h.WriteByte(1)
		} else {
			h.WriteByte(0)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		writeUint(h, uint64(v.Int()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		writeUint(h, v.Uint())
	case reflect.Float32, reflect.Float64:
		writeUint(h, math.Float64bits(v.Float()))
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			h.WriteByte(0)
			return true
		}
		h.WriteByte(1)
		if v.Kind() == reflect.Interface {
			// A Button and a SelectMenu with the same fields must differ.
			h.WriteString(v.Elem().Type().String())
		}
		return hashValue(h, v.Elem())
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8 {
			writeUint(h, uint64(v.Len()))
			h.Write(v.Bytes())
			return true
		}
		writeUint(h, uint64(v.Len()))
		for i := range v.Len() {
			if !hashValue(h, v.Index(i)) {
				return false
			}
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if !hashValue(h, v.Field(i)) {
				return false
			}
		}
	default:
		return false
	}
	return true
}

func writeUint(h *maphash.Hash, x uint64) {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], x)
	h.Write(b[:])
}
