package discordtest_test

import (
	"bytes"
	"encoding/base64"
	"errors"
	"image"
	"image/png"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
)

// pngURI is a data URI of a small PNG, as a bot uploads an emoji.
func pngURI(t *testing.T) string {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewNRGBA(image.Rect(0, 0, 8, 8))); err != nil {
		t.Fatal(err)
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
}

// status is the HTTP status of a discordgo REST error, or 0.
func status(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Response != nil {
		return re.Response.StatusCode
	}
	return 0
}

func TestApplicationEmojisCreateListDelete(t *testing.T) {
	srv, _, dg := setup(t, nil)
	app := srv.AppID()
	img := pngURI(t)

	e, err := dg.ApplicationEmojiCreate(app, &discordgo.EmojiParams{Name: "laro_cp4_0123abcd", Image: img})
	if err != nil || e.ID == "" || e.Name != "laro_cp4_0123abcd" {
		t.Fatalf("create = %+v, %v; want an emoji with an ID and the name given", e, err)
	}
	list, err := dg.ApplicationEmojis(app)
	if err != nil || len(list) != 1 || list[0].ID != e.ID {
		t.Fatalf("list = %+v, %v; want the one emoji created", list, err)
	}
	want, _ := base64.StdEncoding.DecodeString(strings.TrimPrefix(img, "data:image/png;base64,"))
	if got := srv.EmojiImage(e.ID); !bytes.Equal(got, want) {
		t.Errorf("the fake kept %d bytes of the image, want the %d uploaded", len(got), len(want))
	}

	for _, tc := range []struct {
		what string
		p    discordgo.EmojiParams
	}{
		{"a taken name", discordgo.EmojiParams{Name: "laro_cp4_0123abcd", Image: img}},
		{"a one-letter name", discordgo.EmojiParams{Name: "x", Image: img}},
		{"a 33-letter name", discordgo.EmojiParams{Name: strings.Repeat("a", 33), Image: img}},
		{"a name with a dash", discordgo.EmojiParams{Name: "laro-cp4", Image: img}},
		{"an image that is not a data URI", discordgo.EmojiParams{Name: "plain", Image: "https://example.invalid/x.png"}},
		{"a PNG that does not decode", discordgo.EmojiParams{Name: "broken", Image: "data:image/png;base64," + base64.StdEncoding.EncodeToString([]byte("not a png"))}},
		{"an image over 256 KiB", discordgo.EmojiParams{Name: "huge", Image: "data:image/png;base64," + base64.StdEncoding.EncodeToString(make([]byte, 256<<10+1))}},
	} {
		if _, err := dg.ApplicationEmojiCreate(app, &tc.p); status(err) != http.StatusBadRequest {
			t.Errorf("creating an emoji with %s: %v, want 400", tc.what, err)
		}
	}

	srv.RefuseEmojiUploads(true)
	if _, err := dg.ApplicationEmojiCreate(app, &discordgo.EmojiParams{Name: "refused", Image: img}); status(err) != http.StatusForbidden {
		t.Errorf("an upload while refusing: %v, want 403", err)
	}
	srv.RefuseEmojiUploads(false)

	if err := dg.ApplicationEmojiDelete(app, e.ID); err != nil {
		t.Fatalf("delete: %v", err)
	}
	if list, _ := dg.ApplicationEmojis(app); len(list) != 0 {
		t.Errorf("after delete the list is %+v, want empty", list)
	}
	if err := dg.ApplicationEmojiDelete(app, e.ID); status(err) != http.StatusNotFound {
		t.Errorf("deleting it again: %v, want 404", err)
	}
}

func TestButtonEmojiMustBeOwned(t *testing.T) {
	srv, ch, dg := setup(t, nil)
	e, err := dg.ApplicationEmojiCreate(srv.AppID(), &discordgo.EmojiParams{Name: "card", Image: pngURI(t)})
	if err != nil {
		t.Fatal(err)
	}
	send := func(em *discordgo.ComponentEmoji) error {
		_, err := dg.ChannelMessageSendComplex(ch.ID(), &discordgo.MessageSend{
			Content: "cards",
			Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: "●+4", Style: discordgo.SecondaryButton, CustomID: "c", Emoji: em},
			}}},
		})
		return err
	}
	if err := send(&discordgo.ComponentEmoji{Name: e.Name, ID: e.ID}); err != nil {
		t.Errorf("a button with the application's own emoji was refused: %v", err)
	}
	if err := send(&discordgo.ComponentEmoji{Name: "🃏"}); err != nil {
		t.Errorf("a button with a unicode emoji was refused: %v", err)
	}
	if err := send(&discordgo.ComponentEmoji{Name: "card", ID: "123456789012345678"}); status(err) != http.StatusBadRequest {
		t.Errorf("a button with an emoji the application does not own: %v, want 400", err)
	}
}

func TestEmojiCreateIsRateLimited(t *testing.T) {
	srv, _, dg := setup(t, nil)
	srv.EnableRateLimits(discordtest.RateLimits{Routes: []discordtest.RouteLimit{
		{Bucket: "application-emoji-create", Method: "POST", Pattern: "/applications/*/emojis", Limit: discordtest.Limit{Requests: 2, Per: 300 * time.Millisecond}},
	}})
	img := pngURI(t)
	start := time.Now()
	for _, name := range []string{"e1", "e2", "e3", "e4", "e5"} {
		if _, err := dg.ApplicationEmojiCreate(srv.AppID(), &discordgo.EmojiParams{Name: name, Image: img}); err != nil {
			t.Fatalf("create %s: %v", name, err)
		}
	}
	// Five creates at two per window need at least two full windows, and
	// discordgo, reading the headers, waits instead of being refused.
	if took := time.Since(start); took < 600*time.Millisecond {
		t.Errorf("five creates took %v, want at least two 300 ms windows", took)
	}
	stats := srv.RateLimitStats()
	if n := stats.TooMany[discordtest.ScopeUser]; n != 0 {
		t.Errorf("%d creates were refused with 429; the client should wait for the window", n)
	}
	if b := stats.Buckets["application-emoji-create"]; b.Requests != 5 {
		t.Errorf("the create bucket counted %+v, want 5 requests", stats.Buckets)
	}
}
