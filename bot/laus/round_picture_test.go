package laus

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"github.com/cardbot/cardbot/bot/internal/golden"
	"github.com/cardbot/cardbot/bot/lang"
	rules "github.com/cardbot/cardbot/engine/laus"
)

// TestRoundPicture plays a round and checks its summary's picture: attached
// and shown by the embed, and drawing only cards the summary's text names
// (each seat's queens and jacks).
func TestRoundPicture(t *testing.T) {
	m, err := rules.NewMatch(rules.MatchConfig{Seats: 3, Target: 500}, 11)
	if err != nil {
		t.Fatal(err)
	}
	for m.Round() == 1 {
		a, _ := rules.Decide(rules.Computer{}, m.View(m.Turn()))
		if err := m.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	rr, _ := m.LastRound()
	text := lausSummary(lang.English, "xyz789", 1, viewSeats, rr, nil)
	r := withRoundPicture(lang.English, text, "xyz789", 1, viewSeats, rr)
	if len(r.Files) != 1 || !strings.HasPrefix(r.Files[0].Name, "laus-round-") {
		t.Fatalf("summary files = %v, want one laus-round picture", r.Files)
	}
	if img := r.Embeds[0].Image; img == nil || img.URL != "attachment://"+r.Files[0].Name {
		t.Errorf("embed image = %+v, want the attached picture", img)
	}
	if r.Embeds[0].Fields[0].Value != text.Embeds[0].Fields[0].Value {
		t.Error("attaching the picture changed the summary's text")
	}
	lines := strings.Split(text.Embeds[0].Fields[0].Value, "\n")
	for i, seat := range roundScene(lang.English, "xyz789", 1, viewSeats, rr).Seats {
		for _, c := range seat.Cards {
			if !c.IsQueen() && !c.IsJack() {
				t.Errorf("seat %d: the picture shows %s, neither a queen nor a jack", i, c)
			}
			// Each seat has two lines: its score, then how it scored.
			if !strings.Contains(lines[2*i+1], c.Symbol()) {
				t.Errorf("seat %d: the picture shows %s, which the summary does not name: %q", i, c.Symbol(), lines[2*i+1])
			}
		}
	}
	img, err := png.Decode(bytes.NewReader(r.Files[0].Data))
	if err != nil {
		t.Fatal(err)
	}
	golden.CheckImage(t, "laus_round", img)
}
