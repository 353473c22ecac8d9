package bot

// The JSON scanning under the gateway's frames (gatewaytrim.go,
// gatewayclick.go): values are found by their bytes, without decoding, so
// that what the bot does not read costs one pass over it and nothing else.

// span is a value's bytes: p[from:to].
type span struct{ from, to int }

func (s span) empty() bool        { return s.to <= s.from }
func (s span) of(p []byte) []byte { return p[s.from:s.to] }

// eachField calls fn with each key (its bytes between the quotes) and value
// of the object that starts at p[i], and returns the index just past it,
// or -1 if p holds no well-formed object there.
func eachField(p []byte, i int, fn func(key []byte, v span)) int {
	return eachFieldAt(p, i, func(key []byte, at int) int {
		to := skipValue(p, at)
		if to >= 0 {
			fn(key, span{at, to})
		}
		return to
	})
}

// eachElement calls fn with each value of the array that starts at p[i],
// and returns the index just past it, or -1 if p holds no well-formed
// array there.
func eachElement(p []byte, i int, fn func(v span)) int {
	if i >= len(p) || p[i] != '[' {
		return -1
	}
	i = skipSpace(p, i+1)
	if i < len(p) && p[i] == ']' {
		return i + 1
	}
	for i < len(p) {
		to := skipValue(p, i)
		if to < 0 {
			return -1
		}
		fn(span{i, to})
		i = skipSpace(p, to)
		if i >= len(p) {
			return -1
		}
		switch p[i] {
		case ',':
			i = skipSpace(p, i+1)
		case ']':
			return i + 1
		default:
			return -1
		}
	}
	return -1
}

func skipSpace(p []byte, i int) int {
	for i < len(p) && (p[i] == ' ' || p[i] == '\n' || p[i] == '\r' || p[i] == '\t') {
		i++
	}
	return i
}

// skipString returns the index just past the string that starts at p[i].
func skipString(p []byte, i int) int {
	for i++; i < len(p); i++ {
		if !stopsString[p[i]] {
			continue
		}
		if p[i] == '"' {
			return i + 1
		}
		i++ // a backslash: the next byte is escaped
	}
	return -1
}

// skipValue returns the index just past the value that starts at p[i], or
// -1. Nested objects and arrays are matched by their brackets, outside
// strings; numbers and literals run to the next delimiter.
func skipValue(p []byte, i int) int {
	if i >= len(p) {
		return -1
	}
	switch p[i] {
	case '"':
		return skipString(p, i)
	case '{', '[':
		depth := 0
		for ; i < len(p); i++ {
			if !structural[p[i]] {
				continue
			}
			switch p[i] {
			case '"':
				j := skipString(p, i)
				if j < 0 {
					return -1
				}
				i = j - 1
			case '{', '[':
				depth++
			default: // '}', ']'
				depth--
				if depth == 0 {
					return i + 1
				}
			}
		}
		return -1
	}
	j := i
	for j < len(p) && !delimiter(p[j]) {
		j++
	}
	if j == i {
		return -1
	}
	return j
}

// The bytes the loops above stop at, looked up rather than compared one by
// one: most of a click's frame is the clicked message, skipped byte by byte.
var (
	stopsString = [256]bool{'"': true, '\\': true}
	structural  = [256]bool{'"': true, '{': true, '[': true, '}': true, ']': true}
)

// delimiter reports whether c ends a number or literal.
func delimiter(c byte) bool {
	switch c {
	case ',', '}', ']', ' ', '\n', '\r', '\t':
		return true
	}
	return false
}

// eachFieldAt is eachField for a callback that reads each value itself: fn
// gets the index the value starts at and returns the index just past it,
// or -1 if it is not well-formed, so that no value is scanned twice. The
// step past a member (a comma or the end) is written out here and in
// eachElement rather than shared: as a call, not inlined, it cost a fifth
// of a click's decoding (BenchmarkGatewayClick/parked 11 → 13.6 µs).
func eachFieldAt(p []byte, i int, fn func(key []byte, at int) int) int {
	if i >= len(p) || p[i] != '{' {
		return -1
	}
	i = skipSpace(p, i+1)
	if i < len(p) && p[i] == '}' {
		return i + 1
	}
	for i < len(p) {
		if p[i] != '"' {
			return -1
		}
		kStart, kEnd := i+1, skipString(p, i)
		if kEnd < 0 {
			return -1
		}
		i = skipSpace(p, kEnd)
		if i >= len(p) || p[i] != ':' {
			return -1
		}
		to := fn(p[kStart:kEnd-1], skipSpace(p, i+1))
		if to < 0 {
			return -1
		}
		i = skipSpace(p, to)
		if i >= len(p) {
			return -1
		}
		switch p[i] {
		case ',':
			i = skipSpace(p, i+1)
		case '}':
			return i + 1
		default:
			return -1
		}
	}
	return -1
}
