package history

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardbot/cardbot/bot/catalog"
	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/store"
)

var (
	laro = Kind{Kind: store.KindLaro, Title: "Laro", Noun: "game", Colour: 0x2b7a78}
	// games runs Laro and a made-up game whose matches are called "deals",
	// so a refusal naming another game's command is read from the catalog.
	games, _ = catalog.New(laro, Kind{Kind: "other", Title: "Other", Noun: "deal"})
)

func TestParseID(t *testing.T) {
	for raw, want := range map[string]string{
		"0123456789abcdef":    "0123456789abcdef",
		" #0123456789ABCDEF ": "0123456789abcdef",
		"0123456789abcde":     "",
		"0123456789abcdeg":    "",
		"":                    "",
		"../../etc/passwd00":  "",
	} {
		got, ok := ParseID(raw)
		if got != want || ok != (want != "") {
			t.Errorf("ParseID(%q) = %q, %v; want %q", raw, got, ok, want)
		}
	}
}

// TestLoadRefusals checks each reason a replay is refused, and that a
// finished game of the right server loads.
func TestLoadRefusals(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "cardbot.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	mk := func(kind store.Kind, guild string, status store.Status, actions int) string {
		g, err := st.CreateGame(ctx, store.Game{Kind: kind, Guild: guild, Channel: "c", Host: "u",
			Seats: []store.Seat{{User: "u"}}, Status: store.StatusPlaying})
		if err != nil {
			t.Fatal(err)
		}
		for i := 1; i <= actions; i++ {
			rec := store.ActionRecord{GameID: g.ID, Seq: int64(i), Data: []byte("x")}
			if i == actions {
				rec.Status = status
			}
			if err := st.AppendAction(ctx, rec, nil); err != nil {
				t.Fatal(err)
			}
		}
		if actions == 0 && status.Closed() {
			if _, err := st.UpdateGame(ctx, g.ID, store.GameUpdate{Status: &status}); err != nil {
				t.Fatal(err)
			}
		}
		return g.ID
	}
	done := mk(store.KindLaro, "g", store.StatusFinished, 2)
	cases := []struct{ name, guild, raw, want string }{
		{"malformed", "g", "hello", "`hello` is not a game ID"},
		{"unknown", "g", "00000000000000ff", "There is no Laro game with ID `00000000000000ff`"},
		{"other server", "h", done, "was played in another server"},
		{"other game", "g", mk("other", "g", store.StatusFinished, 1), "is not a Laro game; open it with `/other replay deal:"},
		{"game not run", "g", mk(store.KindLaus, "g", store.StatusFinished, 1), "is not a Laro game."},
		{"running", "g", mk(store.KindLaro, "g", store.StatusPlaying, 1), "is still being played"},
		{"never dealt", "g", mk(store.KindLaro, "g", store.StatusCancelled, 0), "cancelled before a card was dealt"},
	}
	for _, c := range cases {
		_, _, r := Load(ctx, st, games, laro, lang.English, c.guild, c.raw)
		if r == nil || !strings.Contains(r.Data.Content, c.want) || strings.Contains(r.Data.Content, "\n") {
			got := "nothing"
			if r != nil {
				got = r.Data.Content
			}
			t.Errorf("%s: refused with %q, want one line with %q", c.name, got, c.want)
		}
	}
	g, recs, r := Load(ctx, st, games, laro, lang.English, "g", strings.ToUpper(done))
	if r != nil || g.ID != done || len(recs) != 2 {
		t.Errorf("finished game: %s with %d records, refusal %v", g.ID, len(recs), r)
	}
}

func TestSpread(t *testing.T) {
	var steps []int
	for i := range 100 {
		steps = append(steps, i*3)
	}
	got := Spread(steps, 25)
	if len(got) != 25 || got[0] != 0 || got[24] != 297 {
		t.Fatalf("Spread of 100 to 25 = %v, want 25 from 0 to 297", got)
	}
	for i := 1; i < len(got); i++ {
		if got[i] <= got[i-1] {
			t.Fatalf("Spread = %v: not increasing", got)
		}
	}
	if short := Spread(steps[:5], 25); len(short) != 5 {
		t.Errorf("Spread of 5 = %v, want all 5", short)
	}
}
