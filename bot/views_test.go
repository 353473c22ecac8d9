package bot

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/engine/laro"
	"github.com/cardbot/cardbot/engine/laus"
)

// update rewrites the golden files: go test ./bot -run TestViews -update
var update = flag.Bool("update", false, "rewrite the golden files of rendered views")

// golden compares a rendering, as the JSON Discord receives, with
// testdata/views/name.golden.
func golden(t *testing.T, name string, r rendering) {
	t.Helper()
	got, err := json.MarshalIndent(struct {
		Content    string `json:"content,omitempty"`
		Embeds     any    `json:"embeds"`
		Components any    `json:"components"`
	}{r.Content, r.Embeds, r.Components}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "views", name+".golden")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if string(got) != string(want) {
		t.Errorf("%s changed; got:\n%s\nwant:\n%s\n(if the change is intended, run with -update)", name, got, want)
	}
}

var viewSeats = []seat{{UserID: "111", Name: "ann"}, {UserID: "222", Name: "ben"}, {Computer: true, Name: "Ada"}}

func TestViewsLaro(t *testing.T) {
	g, err := laro.New(laro.Config{Seats: 3, Dealer: 0}, 7)
	if err != nil {
		t.Fatal(err)
	}
	first := laroHand(laroScreen{TableID: "abc123", GameNo: 1, Seats: viewSeats, View: g.View(0)})
	golden(t, "laro_hand_first", first)
	// The discard pile is empty: the hand neither offers nor mentions taking it.
	if d := first.Embeds[0].Description; d != "**Your turn:** draw from the deck." {
		t.Errorf("first hand says %q, want %q", d, "**Your turn:** draw from the deck.")
	}
	for _, row := range first.Components {
		for _, c := range row.(discordgo.ActionsRow).Components {
			if b := c.(discordgo.Button); strings.HasSuffix(b.CustomID, "/draw/discard") {
				t.Errorf("first hand offers %q (%s) with an empty discard pile", b.Label, b.CustomID)
			}
		}
	}
	if err := g.Apply(laro.Draw{Seat: 0}); err != nil {
		t.Fatal(err)
	}
	if err := g.Apply(laro.Discard{Seat: 0, Card: g.Hand(0)[0]}); err != nil {
		t.Fatal(err)
	}
	settings := laroSettings{Stake: 2, Ante: 10, ClaimWindowMS: 3000, TurnTimerS: 90, GameNo: 1}
	screen := func(viewer int) laroScreen {
		return laroScreen{TableID: "abc123", GameNo: 1, Version: len(g.Log()), Seats: viewSeats, Settings: settings,
			Pot: 20, View: g.View(viewer), Events: []string{"<@111> drew from the deck.", "<@111> discarded a card."},
			Window: "LARO! can be called on the discard."}
	}
	golden(t, "laro_public_claimable", laroPublic(screen(-1)))
	golden(t, "laro_hand_to_draw", laroHand(screen(1)))
	if err := g.Apply(laro.Draw{Seat: 1}); err != nil {
		t.Fatal(err)
	}
	golden(t, "laro_hand_to_discard", laroHand(screen(1)))
	for !g.Over() {
		a, _ := laro.Choose(laro.Computer{}, g.View(g.Turn()))
		if err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	final := screen(-1)
	final.Window, final.Result = "", []string{"<@111> -14", "<@222> +28", "🤖 Ada -14"}
	golden(t, "laro_public_over", laroPublic(final))
}

func TestViewsLaus(t *testing.T) {
	m, err := laus.NewMatch(laus.MatchConfig{Seats: 3, Target: 500}, 11)
	if err != nil {
		t.Fatal(err)
	}
	settings := lausSettings{Target: 500, TurnTimerS: 90, MatchNo: 1}
	screen := func(viewer int) lausScreen {
		return lausScreen{TableID: "xyz789", MatchNo: 1, Version: len(m.Log()), Seats: viewSeats, Settings: settings,
			View: m.View(viewer), Events: []string{"Match 1 dealt."}}
	}
	golden(t, "laus_public_skat", lausPublic(screen(-1)))
	golden(t, "laus_hand_skat", lausHand(screen(m.Turn())))
	// Look, then lay back: the hand offers the lay-back menu.
	if err := m.Apply(laus.Look{Seat: m.Turn()}); err != nil {
		t.Fatal(err)
	}
	golden(t, "laus_hand_layback", lausHand(screen(m.Turn())))
	trickShown := false
	for m.Round() == 1 {
		a, _ := laus.Decide(laus.Computer{}, m.View(m.Turn()))
		if err := m.Apply(a); err != nil {
			t.Fatal(err)
		}
		if !trickShown && m.Phase() == laus.PhasePlay && len(m.View(0).Trick.Played()) == 2 {
			trickShown = true
			golden(t, "laus_public_trick", lausPublic(screen(-1)))
		}
	}
	rr, ok := m.LastRound()
	if !ok {
		t.Fatal("no finished round")
	}
	golden(t, "laus_summary", lausSummary("xyz789", 1, viewSeats, rr))
}
