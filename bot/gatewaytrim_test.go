package bot_test

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"github.com/cardbot/cardbot/bot"
)

// envelope wraps d as the gateway sends an event.
func envelope(t, d string) []byte {
	return []byte(`{"t":"` + t + `","s":42,"op":0,"d":` + d + `}`)
}

// TestTrimmedClickDecodesAsWhole checks that a click's trimmed frame
// decodes, by the bot and by discordgo, to what the whole frame decodes to
// with the clicked message cut to what the bot reads, and that everything
// but a component click's frame is left alone.
func TestTrimmedClickDecodesAsWhole(t *testing.T) {
	click := handClick(t)
	whole := envelope("INTERACTION_CREATE", string(click))
	trimmed := bot.TrimInteraction(whole)
	if trimmed == nil {
		t.Fatal("a hand click's frame was not trimmed")
	}
	if len(trimmed) > len(whole)/3 {
		t.Errorf("trimmed %d bytes to %d: the hand should be most of the frame", len(whole), len(trimmed))
	}
	var a, b discordgo.Event
	if err := json.Unmarshal(whole, &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(trimmed, &b); err != nil {
		t.Fatalf("the trimmed frame is not JSON: %v\n%s", err, trimmed)
	}
	if a.Type != b.Type || a.Sequence != b.Sequence || a.Operation != b.Operation {
		t.Errorf("the envelope changed: %+v, want %+v", b, a)
	}
	leanWhole, err := bot.DecodeGatewayInteraction(a.RawData)
	if err != nil {
		t.Fatal(err)
	}
	leanTrimmed, err := bot.DecodeGatewayInteraction(b.RawData)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(leanWhole.Interaction, leanTrimmed.Interaction) {
		t.Errorf("the bot decodes the trimmed click differently:\n%+v\nwant %+v", *leanTrimmed.Interaction, *leanWhole.Interaction)
	}
	var full, fromTrimmed discordgo.InteractionCreate
	if err := json.Unmarshal(a.RawData, &full); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b.RawData, &fromTrimmed); err != nil {
		t.Fatal(err)
	}
	// What the bot reads of the clicked message (leanMessage), compared
	// apart: discordgo makes empty lists of what a message lacks.
	cut := func(m *discordgo.Message) *discordgo.Message {
		return &discordgo.Message{ID: m.ID, ChannelID: m.ChannelID, GuildID: m.GuildID, Author: m.Author,
			Flags: m.Flags, WebhookID: m.WebhookID, InteractionMetadata: m.InteractionMetadata}
	}
	full.Message, fromTrimmed.Message = cut(full.Message), cut(fromTrimmed.Message)
	if !reflect.DeepEqual(full.Interaction, fromTrimmed.Interaction) {
		t.Errorf("discordgo decodes the trimmed click differently:\n%+v\nwant %+v", *fromTrimmed.Interaction, *full.Interaction)
	}

	// Braces, brackets and quotes inside strings, the keys in another order.
	tricky := `{ "d" : {"message": {"content": "a } ] \" { [ \\", "id": "7", "embeds": [{"title": "x}"}], "flags": 64},` +
		`"type": 3, "token": "tok"}, "op": 0, "t": "INTERACTION_CREATE", "s": 1 }`
	want := `{ "d" : {"message": {"id":"7","flags":64},"type": 3, "token": "tok"}, "op": 0, "t": "INTERACTION_CREATE", "s": 1 }`
	if got := bot.TrimInteraction([]byte(tricky)); string(got) != want {
		t.Errorf("trimmed to %s\nwant %s", got, want)
	}

	for name, p := range map[string][]byte{
		"a command":           envelope("INTERACTION_CREATE", `{"type":2,"data":{"name":"laro"},"token":"x"}`),
		"a modal":             envelope("INTERACTION_CREATE", `{"type":5,"message":{"id":"1","content":"x"}}`),
		"another event":       envelope("MESSAGE_CREATE", `{"type":3,"message":{"id":"1","content":"x"}}`),
		"a click cut short":   whole[:len(whole)-3],
		"not an object":       []byte(`[1,2,3]`),
		"a click on nothing":  envelope("INTERACTION_CREATE", `{"type":3,"message":null}`),
		"an unclosed string":  envelope("INTERACTION_CREATE", `{"type":3,"message":{"id":"1}}`),
		"a bare word missing": []byte(`{"t":"INTERACTION_CREATE","d":{"type":,"message":{}}}`),
	} {
		if got := bot.TrimInteraction(p); got != nil {
			t.Errorf("%s was trimmed to %s", name, got)
		}
	}
}

// TestTrimmingDialerPassesFramesOn sends a WebSocket client, dialled with
// the trimming dialer over plain TCP and over TLS, every kind of frame a
// server sends: each message arrives as sent, but a click's, which arrives
// parked (its data a ticket to what the bot decoded of it), or trimmed if
// its values are not what the connection decodes.
func TestTrimmingDialerPassesFramesOn(t *testing.T) {
	click := envelope("INTERACTION_CREATE", string(handClick(t)))
	// A second click, shorter and with other bytes: a connection parks each
	// click into the buffer of the last, so a stale byte would show.
	other := bytes.ReplaceAll(click, []byte("1400000000000000010"), []byte("77"))
	odd := bytes.Replace(click, []byte(`"version":1`), []byte(`"version":1.5`), 1)
	if bytes.Equal(odd, click) {
		t.Fatal("the click has no version to make odd")
	}
	messages := []struct {
		kind int
		data []byte
	}{
		{websocket.TextMessage, []byte(`{"op":10,"d":{"heartbeat_interval":41250}}`)},
		{websocket.TextMessage, click},
		{websocket.BinaryMessage, bytes.Repeat([]byte{0x81, 0x7e}, 3000)}, // bytes that look like frame headers
		{websocket.TextMessage, []byte(strings.Repeat(`"x"`, 40000))},     // over 64 kB: a 64-bit length
		{websocket.TextMessage, []byte(`{"t":"READY","d":` + strings.Repeat(" ", 3000) + `{}}`)},
		{websocket.TextMessage, other},
		{websocket.TextMessage, odd},
		{websocket.TextMessage, click},
		{websocket.TextMessage, []byte(`{"t":"FRAGMENTED","d":"` + strings.Repeat("y", 5000) + `"}`)},
		{websocket.TextMessage, []byte(`{}`)},
	}
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		up := websocket.Upgrader{WriteBufferSize: 1024} // so a long message goes in fragments
		c, err := up.Upgrade(w, r, nil)
		if err != nil {
			t.Error(err)
			return
		}
		defer c.Close()
		for i, m := range messages {
			if i == 3 {
				if err := c.WriteMessage(websocket.PingMessage, []byte("ping")); err != nil {
					t.Error(err)
				}
			}
			if err := c.WriteMessage(m.kind, m.data); err != nil {
				t.Error(err)
				return
			}
		}
		c.ReadMessage() // until the client closes
	})
	check := func(t *testing.T, url string, d *websocket.Dialer) {
		c, _, err := d.Dial(url, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		pings := 0
		c.SetPingHandler(func(string) error { pings++; return nil })
		for i, m := range messages {
			kind, data, err := c.ReadMessage()
			if err != nil {
				t.Fatalf("message %d: %v", i, err)
			}
			if bytes.Equal(m.data, click) || bytes.Equal(m.data, other) {
				checkParked(t, data, m.data)
				continue
			}
			want := m.data
			if bytes.Equal(m.data, odd) {
				want = bot.TrimInteraction(m.data)
			}
			if kind != m.kind || !bytes.Equal(data, want) {
				t.Errorf("message %d arrived as %d bytes of kind %d, want %d of kind %d", i, len(data), kind, len(want), m.kind)
			}
		}
		if pings != 1 {
			t.Errorf("%d pings arrived, want 1", pings)
		}
	}
	t.Run("ws", func(t *testing.T) {
		srv := httptest.NewServer(handler)
		defer srv.Close()
		check(t, "ws"+strings.TrimPrefix(srv.URL, "http"), bot.TrimmingDialer(nil))
	})
	t.Run("wss", func(t *testing.T) {
		srv := httptest.NewTLSServer(handler)
		defer srv.Close()
		pool := x509.NewCertPool()
		pool.AddCert(srv.Certificate())
		d := &websocket.Dialer{TLSClientConfig: &tls.Config{RootCAs: pool, ServerName: "example.com"}}
		trimming := bot.TrimmingDialer(d)
		if trimming.NetDialTLSContext == nil {
			t.Fatal("the dialer does not trim through TLS")
		}
		check(t, "wss"+strings.TrimPrefix(srv.URL, "https"), trimming)
	})
}

// checkParked checks that a click's frame sent as sent arrived as got: its
// envelope as it was, its data a ticket to what the bot decodes of sent.
func checkParked(t *testing.T, got, sent []byte) {
	t.Helper()
	var a, b discordgo.Event
	if err := json.Unmarshal(sent, &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(got, &b); err != nil {
		t.Fatalf("the parked frame is not JSON: %v\n%s", err, got)
	}
	if a.Type != b.Type || a.Sequence != b.Sequence || a.Operation != b.Operation {
		t.Errorf("the envelope changed: %+v, want %+v", b, a)
	}
	if !bytes.HasPrefix(b.RawData, []byte(`{"cardbot_parked":`)) || len(b.RawData) > 40 {
		t.Fatalf("the click arrived as %s, not parked", got)
	}
	parked, err := bot.DecodeGatewayInteraction(b.RawData)
	if err != nil {
		t.Fatal(err)
	}
	want, err := bot.DecodeGatewayInteraction(a.RawData)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(parked.Interaction, want.Interaction) {
		t.Errorf("the parked click is\n%+v\nwant %+v", *parked.Interaction, *want.Interaction)
	}
	if again, err := bot.DecodeGatewayInteraction(b.RawData); err == nil || again != nil {
		t.Errorf("a ticket was taken twice: %v", err)
	}
}

// BenchmarkGatewayClick measures what a click's frame costs between the
// socket and the handler: discordgo's envelope decoding and the bot's, for
// the whole frame, the trimmed one (with the trimming) and the parked one
// (with the decoding on the connection).
func BenchmarkGatewayClick(b *testing.B) {
	frame := envelope("INTERACTION_CREATE", string(handClick(b)))
	decode := func(b *testing.B, p []byte) {
		// As discordgo's onEvent: a json.Decoder over the frame into its
		// Event, then the event's data into the bot's struct.
		var e *discordgo.Event
		if err := json.NewDecoder(bytes.NewBuffer(p)).Decode(&e); err != nil {
			b.Fatal(err)
		}
		if _, err := bot.DecodeGatewayInteraction(e.RawData); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("whole", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			decode(b, bytes.Clone(frame)) // the frame as read from the socket
		}
	})
	b.Run("trimmed", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			decode(b, bot.TrimInteraction(frame))
		}
	})
	b.Run("parked", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			decode(b, bot.ParkClick(frame))
		}
	})
}
