package bot

import (
	"bytes"
	"errors"
	"strconv"
	"sync"

	"github.com/bwmarrin/discordgo"
)

// Parking a decoded click for discordgo.
//
// A click decoded on the connection (gatewayclick.go) still has to reach
// the bot through discordgo, which keeps the gateway's sequence number
// from every dispatch (a RESUME replays what came after it) and calls the
// handlers. So the frame goes on with its envelope as it came and its data
// replaced by a ticket, {"cardbot_parked":N}; the click waits under N in
// parkedClicks until discordgo decodes the ticket with the bot's provider
// (gatewayInteraction.UnmarshalJSON), a moment later on the same goroutine.

// parkedPrefix starts the data of a frame whose click is parked.
var parkedPrefix = []byte(`{"cardbot_parked":`)

// errParkedGone is what a ticket whose click is no longer parked decodes
// to: one that waited behind parkedSlots others, which no connection does.
var errParkedGone = errors.New("bot: a parked click was not found")

// parkClickInto returns the gateway payload p with its data replaced by a
// ticket to its click, parked, if p is the INTERACTION_CREATE of a
// component click that decodeClickAt decodes; or nil, and whether p is an
// INTERACTION_CREATE at all (which trimInteractionInto may still trim). The
// envelope is kept byte for byte. The result is written in dst's space when
// it fits.
//
// Discord writes the event's type before its data, so the data is decoded
// in the same pass that finds the type; data that comes first is decoded
// after, once the type is known.
func parkClickInto(dst, p []byte) (parkedFrame []byte, interaction bool) {
	var t, d span
	var ic *discordgo.InteractionCreate
	decoded := false
	end := eachFieldAt(p, skipSpace(p, 0), func(k []byte, at int) int {
		switch string(k) {
		case "t":
			t = span{at, skipValue(p, at)}
			return t.to
		case "d":
			if string(t.of(p)) == `"INTERACTION_CREATE"` {
				decoded = true
				ic, d.to = decodeClickAt(p, at)
			} else {
				d.to = skipValue(p, at)
			}
			d.from = at
			return d.to
		}
		return skipValue(p, at)
	})
	if end < 0 || string(t.of(p)) != `"INTERACTION_CREATE"` || d.empty() {
		return nil, false
	}
	if !decoded {
		ic, _ = decodeClickAt(p, d.from)
	}
	if ic == nil {
		return nil, true
	}
	n := parked.park(ic)
	out := append(dst[:0], p[:d.from]...)
	out = append(out, parkedPrefix...)
	out = strconv.AppendUint(out, n, 10)
	out = append(out, '}')
	return append(out, p[d.to:]...), true
}

// takeParked returns the click a ticket b stands for, and whether b is a
// ticket at all.
func takeParked(b []byte) (*discordgo.InteractionCreate, bool, error) {
	rest, ok := bytes.CutPrefix(b, parkedPrefix)
	if !ok {
		return nil, false, nil
	}
	n, err := strconv.ParseUint(string(bytes.TrimSuffix(rest, []byte("}"))), 10, 64)
	if err != nil {
		return nil, true, err
	}
	ic := parked.take(n)
	if ic == nil {
		return nil, true, errParkedGone
	}
	return ic, true, nil
}

// parkedSlots is how many clicks can wait at once, all connections
// together. Each connection parks one and discordgo takes it before the
// connection reads on; a click that was never taken (its session closed in
// between) is dropped when its slot comes round again.
const parkedSlots = 256

// parkedClicks holds the clicks decoded but not yet taken, by ticket.
type parkedClicks struct {
	mu    sync.Mutex
	last  uint64
	slots [parkedSlots]struct {
		n  uint64
		ic *discordgo.InteractionCreate
	}
}

// parked is the process's: discordgo's providers, which take the clicks,
// are the process's too (gateway.go).
var parked parkedClicks

func (p *parkedClicks) park(ic *discordgo.InteractionCreate) uint64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.last++
	s := &p.slots[p.last%parkedSlots]
	s.n, s.ic = p.last, ic
	return p.last
}

func (p *parkedClicks) take(n uint64) *discordgo.InteractionCreate {
	p.mu.Lock()
	defer p.mu.Unlock()
	s := &p.slots[n%parkedSlots]
	if s.n != n || s.ic == nil {
		return nil
	}
	ic := s.ic
	s.n, s.ic = 0, nil
	return ic
}
