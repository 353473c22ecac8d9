package laro

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"github.com/cardbot/cardbot/bot/internal/golden"
	"github.com/cardbot/cardbot/bot/table"
	rules "github.com/cardbot/cardbot/engine/laro"
)

// TestEndPicture: the table message of a running game carries no picture
// (hands are hidden), the final one carries the end picture, and its embed
// shows it while keeping the outcome in words.
func TestEndPicture(t *testing.T) {
	t.Parallel()
	g, err := rules.New(rules.Config{Seats: 3, Dealer: 0}, 11)
	if err != nil {
		t.Fatal(err)
	}
	var tb laroTable
	tb.ID, tb.Seats, tb.game = "pic1", viewSeats, g
	tb.Env = &table.Env{} // no card emojis: cards as text
	settings := laroSettings{GameNo: 2}
	if r := laroPublic(tb.screenOf(g, -1, settings)); len(r.Files) != 0 || r.Embeds[0].Image != nil {
		t.Fatalf("a running game's table message has a picture: %+v", r.Files)
	}
	for !g.Over() {
		a, _ := rules.Choose(rules.Computer{}, g.View(g.Turn()))
		if err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
		if !g.Over() {
			if r := laroPublic(tb.screenOf(g, -1, settings)); len(r.Files) != 0 {
				t.Fatalf("table message shows a picture before the end, at turn %d", g.Turns())
			}
		}
	}
	r := laroPublic(tb.screenOf(g, -1, settings))
	if len(r.Files) != 1 {
		t.Fatalf("final table message has %d files, want 1", len(r.Files))
	}
	f := r.Files[0]
	if f.ContentType != "image/png" || !strings.HasPrefix(f.Name, "laro-end-") {
		t.Errorf("file %q (%s), want a laro-end PNG", f.Name, f.ContentType)
	}
	if img := r.Embeds[0].Image; img == nil || img.URL != "attachment://"+f.Name {
		t.Errorf("embed image = %+v, want attachment://%s", img, f.Name)
	}
	if !strings.Contains(r.Embeds[0].Description, "wins") && !strings.Contains(r.Embeds[0].Description, "no winner") {
		t.Errorf("the outcome is not in words: %q", r.Embeds[0].Description)
	}
	img, err := png.Decode(bytes.NewReader(f.Data))
	if err != nil {
		t.Fatal(err)
	}
	golden.CheckImage(t, "laro_end", img)
	golden.Check(t, "laro_public_over_picture", r)
}
