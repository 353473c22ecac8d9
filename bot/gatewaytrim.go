package bot

// With the lean decoding (gateway.go), what was left of a click's cost on
// the gateway was discordgo's own: it reads each frame into a buffer that
// grows as it goes, decodes the Event envelope with a json.Decoder whose
// buffer grows to the frame's size and that scans every byte, copies the
// event's data out, and hands it to the bot's decoder, which scans it
// twice more. At 500 clicks a second that was 0.18 ms of CPU and 35 kB of
// garbage a click, because a click's frame holds the whole message the
// button was on (a hand: its embeds and up to twenty buttons, 4-6 kB of
// the frame's 5-7 kB) that the bot never reads. discordgo has no setting for
// this, so the frames are trimmed before discordgo reads them (gatewayconn.go).

// keptMessageFields are the fields of the clicked message a trimmed frame
// keeps: those the bot reads (leanMessage).
var keptMessageFields = [...]string{"id", "channel_id", "guild_id", "author", "webhook_id", "flags", "interaction_metadata"}

// trimInteractionInto returns the gateway payload p with the clicked
// message cut to keptMessageFields if p is the INTERACTION_CREATE of a
// component click, or nil if it is anything else or not JSON as expected:
// such a payload goes to discordgo as it came. The rest of p is kept byte
// for byte. The result is written in dst's space when it fits (a trimmed
// payload is never longer than p), so that a connection reuses one buffer.
func trimInteractionInto(dst, p []byte) []byte {
	var t, d span
	end := eachField(p, skipSpace(p, 0), func(k []byte, v span) {
		switch string(k) {
		case "t":
			t = v
		case "d":
			d = v
		}
	})
	if end < 0 || string(t.of(p)) != `"INTERACTION_CREATE"` || d.empty() {
		return nil
	}
	var typ, msg span
	if eachField(p, d.from, func(k []byte, v span) {
		switch string(k) {
		case "type":
			typ = v
		case "message":
			msg = v
		}
	}) < 0 || string(typ.of(p)) != "3" || msg.empty() || p[msg.from] != '{' {
		return nil
	}
	out := dst[:0]
	if cap(out) < len(p) {
		out = make([]byte, 0, len(p))
	}
	out = append(out, p[:msg.from]...)
	out = append(out, '{')
	first := true
	if eachField(p, msg.from, func(k []byte, v span) {
		for _, keep := range keptMessageFields {
			if string(k) == keep {
				if !first {
					out = append(out, ',')
				}
				first = false
				out = append(out, '"')
				out = append(out, k...)
				out = append(out, '"', ':')
				out = append(out, v.of(p)...)
				return
			}
		}
	}) < 0 {
		return nil
	}
	out = append(out, '}')
	return append(out, p[msg.to:]...)
}

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

func skipSpace(p []byte, i int) int {
	for i < len(p) && (p[i] == ' ' || p[i] == '\n' || p[i] == '\r' || p[i] == '\t') {
		i++
	}
	return i
}

// skipString returns the index just past the string that starts at p[i].
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
