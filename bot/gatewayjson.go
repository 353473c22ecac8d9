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
		from := skipSpace(p, i+1)
		to := skipValue(p, from)
		if to < 0 {
			return -1
		}
		fn(p[kStart:kEnd-1], span{from, to})
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
// Its closing quote is the first one not escaped, that is, not after an
// odd run of backslashes; quotes are found with bytes.IndexByte, which
// looks at many bytes at a time.
func skipString(p []byte, i int) int {
	for i++; i < len(p); i++ {
		switch p[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
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
			switch p[i] {
			case '"':
				j := skipString(p, i)
				if j < 0 {
					return -1
				}
				i = j - 1
			case '{', '[':
				depth++
			case '}', ']':
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

// delimiter reports whether c ends a number or literal.
func delimiter(c byte) bool {
	switch c {
	case ',', '}', ']', ' ', '\n', '\r', '\t':
		return true
	}
	return false
}
