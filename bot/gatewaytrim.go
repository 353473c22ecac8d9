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
// Clicks are now decoded on the connection itself (gatewayclick.go); a click
// that cannot be decoded there is still trimmed, and goes the slow way.

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
	d := interactionData(p)
	if d.empty() {
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

// interactionData returns where the data of the gateway payload p is if p
// is an INTERACTION_CREATE, or an empty span.
func interactionData(p []byte) span {
	var t, d span
	end := eachField(p, skipSpace(p, 0), func(k []byte, v span) {
		switch string(k) {
		case "t":
			t = v
		case "d":
			d = v
		}
	})
	if end < 0 || string(t.of(p)) != `"INTERACTION_CREATE"` {
		return span{}
	}
	return d
}
