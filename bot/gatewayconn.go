package bot

import (
	"bufio"
	"context"
	"crypto/tls"
	"encoding/binary"
	"io"
	"net"
	"net/http"
	"net/url"

	"github.com/gorilla/websocket"
)

// trimmingDialer returns a copy of d (nil: gorilla's default dialer, as
// discordgo's) whose connections pass every frame Discord sends through
// unchanged but for the INTERACTION_CREATE of a component click, which is
// decoded there and parked for discordgo to pick up (parkClickInto), or,
// when that cannot be, whose clicked message is cut to what the bot reads
// (trimInteractionInto). The WebSocket protocol is gorilla's and discordgo's as before: this only
// changes bytes inside one kind of text frame, before either reads them.
//
// Through TLS (wss://, real Discord) the frames can only be seen above TLS,
// so the dialer does the TLS handshake itself, as gorilla would (its
// TLSClientConfig, the host's name). Behind a proxy from the environment it
// is left as it is: gorilla would dial the proxy through the TLS dialer.
func trimmingDialer(d *websocket.Dialer) *websocket.Dialer {
	if d == nil {
		d = websocket.DefaultDialer
	}
	if d.NetDialTLSContext != nil || d.NetDial != nil || proxied(d) {
		return d
	}
	cp := *d
	dial := d.NetDialContext
	if dial == nil {
		dial = (&net.Dialer{}).DialContext
	}
	cp.NetDialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := dial(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		return newTrimConn(c), nil
	}
	cp.NetDialTLSContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := dial(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		cfg := &tls.Config{}
		if d.TLSClientConfig != nil {
			cfg = d.TLSClientConfig.Clone()
		}
		if cfg.ServerName == "" {
			host, _, err := net.SplitHostPort(addr)
			if err != nil {
				host = addr
			}
			cfg.ServerName = host
		}
		tc := tls.Client(c, cfg)
		if err := tc.HandshakeContext(ctx); err != nil {
			c.Close()
			return nil, err
		}
		return newTrimConn(tc), nil
	}
	return &cp
}

// proxied reports whether d would reach Discord's gateway through a proxy.
func proxied(d *websocket.Dialer) bool {
	if d.Proxy == nil {
		return false
	}
	u, err := d.Proxy(&http.Request{URL: &url.URL{Scheme: "https", Host: "gateway.discord.gg"}})
	return err != nil || u != nil
}

// Frames up to this size are read whole to be trimmed; a click's is 5-7 kB.
// Larger ones (a guild's READY) pass through as they come.
const (
	minTrimmed = 1 << 10
	maxTrimmed = 64 << 10
)

// trimConn is a client's connection that trims the server's frames.
type trimConn struct {
	net.Conn
	r *bufio.Reader
	// out is what Read hands out next: an HTTP header line, a frame's
	// header, or a whole trimmed frame; rest is how much of an untouched
	// frame's payload is still to be passed through.
	out, buf []byte
	trimmed  []byte // the last trimmed payload's space, for the next
	rest     uint64
	upgraded bool // the HTTP response's header has been passed on
}

func newTrimConn(c net.Conn) *trimConn { return &trimConn{Conn: c, r: bufio.NewReaderSize(c, 8<<10)} }

func (c *trimConn) Read(p []byte) (int, error) {
	for len(c.out) == 0 {
		if c.rest > 0 {
			if uint64(len(p)) > c.rest {
				p = p[:c.rest]
			}
			n, err := c.r.Read(p)
			c.rest -= uint64(n)
			return n, err
		}
		if err := c.next(); err != nil {
			return 0, err
		}
	}
	n := copy(p, c.out)
	c.out = c.out[n:]
	return n, nil
}

// next reads the next piece of the stream into out (or, for an untouched
// frame's payload, rest).
func (c *trimConn) next() error {
	if !c.upgraded {
		line, err := c.r.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			err = nil // a long header line: passed on in parts
		}
		if len(line) == 2 && line[0] == '\r' {
			c.upgraded = true
		}
		c.out = append(c.buf[:0], line...)
		c.buf = c.out
		return err
	}
	var h [14]byte
	if _, err := io.ReadFull(c.r, h[:2]); err != nil {
		return err
	}
	size := uint64(h[1] & 0x7f)
	n := 2
	switch size {
	case 126:
		n = 4
	case 127:
		n = 10
	}
	masked := h[1]&0x80 != 0
	if masked {
		n += 4 // servers never mask, but the header is passed on as it is
	}
	if _, err := io.ReadFull(c.r, h[2:n]); err != nil {
		return err
	}
	switch size {
	case 126:
		size = uint64(binary.BigEndian.Uint16(h[2:4]))
	case 127:
		size = binary.BigEndian.Uint64(h[2:10])
	}
	// One whole text frame (FIN, no extension bits, opcode 1), unmasked.
	if h[0] != 0x81 || masked || size < minTrimmed || size > maxTrimmed {
		c.out = append(c.buf[:0], h[:n]...)
		c.buf = c.out
		c.rest = size
		return nil
	}
	// The frame is read 10 bytes in, so that its new header (at most 10
	// bytes) fits in front of the payload, trimmed or not, in one buffer
	// kept for the next frame.
	if uint64(cap(c.buf)) < 10+size {
		c.buf = make([]byte, 10+size)
	}
	frame := c.buf[:10+size]
	payload := frame[10:]
	if _, err := io.ReadFull(c.r, payload); err != nil {
		return err
	}
	// A click is parked when it decodes here, and trimmed when it does not.
	if t, interaction := parkClickInto(c.trimmed, payload); t != nil {
		c.trimmed, payload = t, t
	} else if interaction {
		if t := trimInteractionInto(c.trimmed, payload); t != nil {
			c.trimmed, payload = t, t
		}
	}
	// append moves an untrimmed payload down over its old place (memmove).
	c.out = append(appendFrameHeader(frame[:0], len(payload)), payload...)
	return nil
}

// appendFrameHeader appends the header of an unmasked final text frame of
// size bytes.
func appendFrameHeader(b []byte, size int) []byte {
	switch {
	case size < 126:
		return append(b, 0x81, byte(size))
	case size <= 0xffff:
		return append(b, 0x81, 126, byte(size>>8), byte(size))
	}
	b = append(b, 0x81, 127)
	return binary.BigEndian.AppendUint64(b, uint64(size))
}
