package bot

import (
	"bytes"
	"encoding/json"
	"strconv"
	"time"
	"unicode/utf8"
)

// The values of a click's JSON as gatewayclick.go reads them: strings,
// numbers, literals and times into Go's types, as encoding/json would.

// clickReader decodes the JSON values of one payload into discordgo's
// types as encoding/json does, and notes whether any could not be.
type clickReader struct {
	p   []byte
	bad bool
}

// object calls fn with each field of the object (or null) at p[at], and
// returns the index just past it, or -1 (noted as bad) if there is none.
// fn reads the value that starts at its at and returns the index past it.
func (r *clickReader) object(at int, fn func(key []byte, at int) int) int {
	if r.nullAt(at) {
		return at + len("null")
	}
	end := eachFieldAt(r.p, at, fn)
	if end < 0 {
		r.bad = true
	}
	return end
}

// scalar returns the span of the value at p[at]: a string, a number or a
// literal, read whole; an object or list, skipped.
func (r *clickReader) scalar(at int) span {
	to := skipValue(r.p, at)
	if to < 0 {
		r.bad = true
		return span{at, at}
	}
	return span{at, to}
}

func (r *clickReader) null(v span) bool { return string(v.of(r.p)) == "null" }

// nullAt reports whether the value at p[at] is null, without reading on.
func (r *clickReader) nullAt(at int) bool { return bytes.HasPrefix(r.p[at:], []byte("null")) }

// str decodes a string, or null as "".
func (r *clickReader) str(v span) string {
	b := v.of(r.p)
	if r.null(v) {
		return ""
	}
	if len(b) < 2 || b[0] != '"' || b[len(b)-1] != '"' {
		r.bad = true
		return ""
	}
	if in := b[1 : len(b)-1]; plainString(in) {
		return string(in)
	}
	var s string // escapes, or bytes encoding/json would replace
	r.decodeJSON(v, &s)
	return s
}

// plainString reports whether a JSON string's bytes between its quotes are
// the string itself: no escapes, no control characters, valid UTF-8.
func plainString(b []byte) bool {
	for _, c := range b {
		if c == '\\' || c < 0x20 {
			return false
		}
	}
	return utf8.Valid(b)
}

func (r *clickReader) int(v span) int64 {
	if r.null(v) {
		return 0
	}
	n, err := strconv.ParseInt(string(v.of(r.p)), 10, 64)
	if err != nil {
		r.bad = true
	}
	return n
}

func (r *clickReader) uint(v span, bits int) uint64 {
	if r.null(v) {
		return 0
	}
	n, err := strconv.ParseUint(string(v.of(r.p)), 10, bits)
	if err != nil {
		r.bad = true
	}
	return n
}

// quotedInt decodes an int64 written as a string (`json:",string"`).
func (r *clickReader) quotedInt(v span) int64 {
	b := v.of(r.p)
	if r.null(v) {
		return 0
	}
	if len(b) < 2 || b[0] != '"' || b[len(b)-1] != '"' {
		r.bad = true
		return 0
	}
	n, err := strconv.ParseInt(string(b[1:len(b)-1]), 10, 64)
	if err != nil {
		r.bad = true
	}
	return n
}

func (r *clickReader) bool(v span) bool {
	switch string(v.of(r.p)) {
	case "true":
		return true
	case "false", "null":
		return false
	}
	r.bad = true
	return false
}

func (r *clickReader) time(v span) (t time.Time) {
	if t.UnmarshalJSON(v.of(r.p)) != nil { // null leaves it zero
		r.bad = true
	}
	return t
}

func (r *clickReader) timePtr(v span) *time.Time {
	if r.null(v) {
		return nil
	}
	t := r.time(v)
	return &t
}

// strings decodes a list of strings: null as nil, [] as an empty list.
func (r *clickReader) strings(v span) []string {
	if r.null(v) {
		return nil
	}
	out := []string{}
	if eachElement(r.p, v.from, func(e span) { out = append(out, r.str(e)) }) != v.to {
		r.bad = true
	}
	return out
}

// decodeJSON decodes v into dst by encoding/json, for the fields a click
// carries empty or not at all.
func (r *clickReader) decodeJSON(v span, dst any) {
	if !r.null(v) && json.Unmarshal(v.of(r.p), dst) != nil {
		r.bad = true
	}
}
