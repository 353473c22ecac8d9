package laro

import (
	"bytes"
	"encoding/json"
	"image/png"
	"strings"
	"testing"

	"github.com/cardbot/cardbot/bot/internal/golden"
	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	rules "github.com/cardbot/cardbot/engine/laro"
)

// englishWords are words of Laro's English views that a German view must
// not show: a string left out of the catalogue shows up here.
var englishWords = []string{"Your ", "your ", " to **draw**", " to **discard**", "Discard", "Deck", "Players",
	"Latest", "My hand", "Refresh", "Draw from deck", "Declare win", "wins", " winner", "dealer", "point", "cluster",
	"Cards", "Clusters in the making", "Take ", "reshuffled", "in hand", "Stakes", "Game #", "How to play"}

// checkGerman fails t when r shows one of englishWords.
func checkGerman(t *testing.T, name string, r ui.Rendering) {
	t.Helper()
	b, err := json.Marshal(struct {
		C string
		E any
		K any
	}{r.Content, r.Embeds, r.Components})
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	for _, w := range englishWords {
		if strings.Contains(text, w) {
			t.Errorf("%s: the German view shows the English %q:\n%s", name, w, text)
		}
	}
}

// TestViewsLaroGerman renders the table, the hands and the end of a game as
// a German server and German players see them, beside the English goldens
// of TestViewsLaro: same game, same state, words from the catalogue's de.
func TestViewsLaroGerman(t *testing.T) {
	t.Parallel()
	g, err := rules.New(rules.Config{Seats: 3, Dealer: 0}, 7)
	if err != nil {
		t.Fatal(err)
	}
	first := laroHand(laroScreen{TableID: "abc123", GameNo: 1, Seats: viewSeats, View: g.View(0), Lang: lang.German})
	golden.Check(t, "laro_hand_first_de", first)
	checkGerman(t, "laro_hand_first_de", first)
	if d := first.Embeds[0].Description; d != "**Du bist dran:** zieh vom Stapel." {
		t.Errorf("first German hand says %q", d)
	}
	if err := g.Apply(rules.Draw{Seat: 0}); err != nil {
		t.Fatal(err)
	}
	if err := g.Apply(rules.Discard{Seat: 0, Card: g.Hand(0)[0]}); err != nil {
		t.Fatal(err)
	}
	settings := laroSettings{Stake: 2, Ante: 10, ClaimWindowMS: 3000, TurnTimerS: 90, GameNo: 1}
	screen := func(viewer int) laroScreen {
		return laroScreen{TableID: "abc123", GameNo: 1, Version: len(g.Log()), Seats: viewSeats, Settings: settings,
			Pot: 20, View: g.View(viewer), Lang: lang.German,
			Events: []string{lang.German.T("laro.event.drew", "Name", "ann"), lang.German.T("laro.event.discarded", "Name", "ann", "Card", "●+1")}}
	}
	for name, r := range map[string]ui.Rendering{
		"laro_public_claimable_de": laroPublic(screen(-1)),
		"laro_hand_to_draw_de":     laroHand(screen(1)),
	} {
		golden.Check(t, name, r) // also checks that it fits a phone
		checkGerman(t, name, r)
	}
	if err := g.Apply(rules.Draw{Seat: 1}); err != nil {
		t.Fatal(err)
	}
	toDiscard := laroHand(screen(1))
	golden.Check(t, "laro_hand_to_discard_de", toDiscard)
	checkGerman(t, "laro_hand_to_discard_de", toDiscard)
}

// TestEndPictureGerman: a German table's last message and its picture are
// in German, and the picture is not the English one from the cache.
func TestEndPictureGerman(t *testing.T) {
	t.Parallel()
	g, err := rules.New(rules.Config{Seats: 3, Dealer: 0}, 11)
	if err != nil {
		t.Fatal(err)
	}
	for !g.Over() {
		a, _ := rules.Choose(rules.Computer{}, g.View(g.Turn()))
		if err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	end := func(l lang.Lang) ui.Rendering {
		var tb laroTable
		tb.ID, tb.Seats, tb.game, tb.Lang = "pic1", viewSeats, g, l
		tb.Env = &table.Env{}
		return laroPublic(tb.screenOf(g, -1, laroSettings{GameNo: 2}))
	}
	de, en := end(lang.German), end(lang.English)
	if len(de.Files) != 1 || len(en.Files) != 1 {
		t.Fatalf("files: %d German, %d English, want 1 each", len(de.Files), len(en.Files))
	}
	if bytes.Equal(de.Files[0].Data, en.Files[0].Data) || de.Files[0].Name == en.Files[0].Name {
		t.Error("the German end picture is the English one")
	}
	img, err := png.Decode(bytes.NewReader(de.Files[0].Data))
	if err != nil {
		t.Fatal(err)
	}
	golden.CheckImage(t, "laro_end_de", img)
	golden.Check(t, "laro_public_over_picture_de", de)
	checkGerman(t, "laro_public_over_picture_de", de)
}

// TestRulesGerman: /laro rules reads in the asker's language, each page a
// German twin of the English one, both kept as goldens.
func TestRulesGerman(t *testing.T) {
	t.Parallel()
	en, de := guidePagesIn(lang.English), guidePagesIn(lang.German)
	if len(en) != len(de) {
		t.Fatalf("%d English pages, %d German", len(en), len(de))
	}
	for i := range en {
		if en[i].Body == de[i].Body {
			t.Errorf("page %d is not translated: %q", i+1, de[i].Title)
		}
	}
	golden.Check(t, "laro_rules", guide.PageIn(lang.English, 0))
	golden.Check(t, "laro_rules_de", guide.PageIn(lang.German, 0))
	checkGerman(t, "laro_rules_de", guide.PageIn(lang.German, 0))
}

// TestHandClaimGerman: the LARO! window's part of a German player's hand,
// beside laro_hand_claim: the cluster's kind in German, the window in
// German words around Discord's countdown.
func TestHandClaimGerman(t *testing.T) {
	g := claimDeal(t)
	top, _, _ := g.Claimable()
	best, _ := g.BestCall(2)
	de := lang.German
	sc := laroScreen{TableID: "abc123", GameNo: 1, Version: len(g.Log()), Seats: viewSeats, View: g.View(2), Lang: de,
		Window: de.T("laro.window.open", "Card", top.Symbol(), "Close", de.T("laro.window.closes", "At", "<t:1700000003:R>")),
		Claim:  &handClaim{Card: top, Best: best, Close: de.T("laro.window.closes", "At", "<t:1700000003:R>")}}
	hand := laroHand(sc)
	golden.Check(t, "laro_hand_claim_de", hand)
	checkGerman(t, "laro_hand_claim_de", hand)
	want := "📣 " + top.Symbol() + " + " + best.Pair[0].Symbol() + " " + best.Pair[1].Symbol() +
		" = Gruppe **" + kindName(de, best.Kind) + "**. Drück **LARO!**. Das Fenster schließt <t:1700000003:R>."
	if d := hand.Embeds[0].Description; !strings.HasPrefix(d, want) {
		t.Errorf("German hand says %q, want it to start with %q", d, want)
	}
	table := laroPublic(sc)
	golden.Check(t, "laro_public_window_de", table)
	checkGerman(t, "laro_public_window_de", table)
}

// TestReplayGerman: a replay read in German, at the step of a LARO!
// contest: the steps, the contest's lines and the controls in German.
func TestReplayGerman(t *testing.T) {
	t.Parallel()
	r, k := findContest(t)
	r.lang = lang.German
	f, err := r.frame(k)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(f.Contest, "\n")
	if got := strings.Count(text, "🏆 hat die Karte bekommen"); got != 1 {
		t.Errorf("the German contest names %d winners, want 1:\n%s", got, text)
	}
	v := replayView(r, f)
	checkGerman(t, "laro_replay_contest_de", v)
	if !strings.Contains(v.Embeds[0].Title, "Wiederholung") && !strings.Contains(v.Embeds[0].Title, "Schritt") {
		t.Errorf("the German replay's title is %q", v.Embeds[0].Title)
	}
}
