package laus

import (
	"bytes"
	"encoding/json"
	"image/png"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/internal/golden"
	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/ui"
	rules "github.com/cardbot/cardbot/engine/laus"
	"github.com/cardbot/cardbot/store"
)

// The main views in German, beside the English goldens of TestViewsLaus and
// drawn from the same match: the table, a hand (with the lay-back menu and
// with card buttons), a round's summary and its picture, the match's end,
// the scoreboard and the first page of the rules. Each also fits a phone.
func TestViewsLausGerman(t *testing.T) {
	m, err := rules.NewMatch(rules.MatchConfig{Seats: 3, Target: 500}, 11)
	if err != nil {
		t.Fatal(err)
	}
	de := lang.German
	settings := lausSettings{Target: 500, TurnTimerS: 90, MatchNo: 1}
	screen := func(viewer int) lausScreen {
		return lausScreen{TableID: "xyz789", MatchNo: 1, Version: len(m.Log()), Seats: viewSeats, Settings: settings,
			View: m.View(viewer), Events: []string{de.T("laus.event.dealt", "Match", 1, "Who", "🤖 Ada")},
			Deadline: time.Unix(1795630123, 0), Lang: de}
	}
	golden.Check(t, "laus_public_skat_de", lausPublic(screen(-1)))
	golden.Check(t, "laus_hand_skat_de", lausHand(screen(m.Turn())))
	if err := m.Apply(rules.Look{Seat: m.Turn()}); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "laus_hand_layback_de", lausHand(screen(m.Turn())))
	trickShown := false
	for m.Round() == 1 {
		a, _ := rules.Decide(rules.Computer{}, m.View(m.Turn()))
		if err := m.Apply(a); err != nil {
			t.Fatal(err)
		}
		if !trickShown && m.Phase() == rules.PhasePlay && len(m.View(0).Trick.Played()) == 2 {
			trickShown = true
			away := screen(-1)
			away.AFK = []bool{true, false, false}
			away.Events = timeoutLines(de, viewSeats[0].Label(), true)
			golden.Check(t, "laus_public_away_de", lausPublic(away))
			hand := lausHand(screen(m.Turn()))
			golden.Check(t, "laus_hand_play_de", hand)
			// The card buttons carry German labels: B, D, K, A.
			for _, c := range rules.Legal(m.View(m.Turn()).Hand, m.View(m.Turn()).Trick.Played()) {
				if !strings.Contains(buttonLabels(hand), cardLabel(de, c)) {
					t.Errorf("no button for %s labelled %q in %v", c, cardLabel(de, c), buttonLabels(hand))
				}
			}
		}
	}
	rr, _ := m.LastRound()
	sum := lausSummary(de, "xyz789", 1, viewSeats, rr, nil)
	golden.Check(t, "laus_summary_de", sum)
	pic := withRoundPicture(de, sum, "xyz789", 1, viewSeats, rr)
	img, err := png.Decode(bytes.NewReader(pic.Files[0].Data))
	if err != nil {
		t.Fatal(err)
	}
	golden.CheckImage(t, "laus_round_de", img)
	// The picture cache keys on the language: the English picture of the
	// same round is another picture.
	en := withRoundPicture(lang.English, lausSummary(lang.English, "xyz789", 1, viewSeats, rr, nil), "xyz789", 1, viewSeats, rr)
	if bytes.Equal(en.Files[0].Data, pic.Files[0].Data) {
		t.Error("the German round picture is the English one: the cache ignores the language")
	}
	for !m.Over() {
		a, _ := rules.Decide(rules.Computer{}, m.View(m.Turn()))
		if err := m.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	final := screen(-1)
	final.GameID = "0123456789abcdef"
	golden.Check(t, "laus_public_over_de", lausPublic(final))

	board := store.LausBoard{Game: store.Game{TableID: "xyz789", Status: store.StatusPlaying,
		Settings: json.RawMessage(`{"target":500,"match_no":1}`),
		Seats:    []store.Seat{{User: "111", Name: "ann"}, {User: "222", Name: "ben"}, {Computer: true}}}}
	for r, scores := range [][]int{{30, 5, 12}, {0, 120, 44}} {
		round := store.LausRound{Round: r + 1, Multiplier: 1 + r}
		for s, add := range scores {
			total := add
			if r > 0 {
				total += board.Rounds[0].Scores[s].Total
			}
			round.Scores = append(round.Scores, store.LausSeatScore{Seat: s, Score: add, Total: total})
		}
		board.Rounds = append(board.Rounds, round)
	}
	// The scoreboard's two embeds, each checked on its own against a
	// phone's screen.
	golden.Check(t, "laus_scoreboard_de", ui.Rendering{Embeds: []*discordgo.MessageEmbed{matchBoard(de, board)}})
	golden.Check(t, "laus_alltime_de", ui.Rendering{Embeds: []*discordgo.MessageEmbed{allTimeTable(de,
		[]store.LausPlayerStats{{User: "111", Matches: 3, Losses: 1, Rounds: 14, AvgRoundScore: 41.5, Slams: 1, QueensTaken: 2}},
		map[string]string{"111": "ann"})}})
	chart, ok := boardChart(de, board)
	if !ok {
		t.Fatal("no chart for a board with two rounds")
	}
	img, err = png.Decode(bytes.NewReader(chart.Data))
	if err != nil {
		t.Fatal(err)
	}
	golden.CheckImage(t, "laus_chart_de", img)
	golden.Check(t, "laus_rules_de", guide.PageIn(de, 0))
}

// buttonLabels lists a rendering's button labels, one string.
func buttonLabels(r ui.Rendering) string {
	var b strings.Builder
	for _, c := range r.Components {
		if row, ok := c.(discordgo.ActionsRow); ok {
			for _, in := range row.Components {
				if btn, ok := in.(discordgo.Button); ok {
					b.WriteString(btn.Label + " ")
				}
			}
		}
	}
	return b.String()
}

// A replay is a private answer: for a viewer reading German, it tells the
// match in German, cards in German labels, its jump menu too.
func TestReplayInGerman(t *testing.T) {
	gm, recs, _ := simMatch(t, 3, 1500, 42)
	r, err := loadLausReplay(gm, recs)
	if err != nil {
		t.Fatal(err)
	}
	r.lang = lang.German
	var all strings.Builder
	for k := 0; k <= r.last(); k++ {
		v, err := r.Draw(k)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range v.Embeds {
			all.WriteString(e.Title + "\n" + e.Description + "\n" + fieldsOf(e) + "\n")
			if e.Footer != nil {
				all.WriteString(e.Footer.Text + "\n")
			}
		}
		if k == 0 {
			_, opts := golden.CustomIDs(v)
			for _, o := range opts {
				all.WriteString(o.Label + " " + o.Description + "\n")
			}
		}
	}
	text := all.String()
	for _, want := range []string{"Runde 1: ", "aus.", "→ geht an", "Augen)", "Stich 1", "Runde 2 · das Geben", "Schritt ", "Wertung Runde 1", "Alle Hände offen"} {
		if !strings.Contains(text, want) {
			t.Errorf("the German replay never says %q", want)
		}
	}
	for _, english := range []string{"Round ", "trick", "taken by", "Every hand", "step ", "dealer", "Next:", "J♣", "Q♠"} {
		if i := strings.Index(text, english); i >= 0 {
			t.Errorf("the German replay says %q: %q", english, text[max(i-60, 0):min(i+40, len(text))])
		}
	}
}

// fieldsOf is an embed's fields' names and values, a line each.
func fieldsOf(e *discordgo.MessageEmbed) string {
	var b strings.Builder
	for _, f := range e.Fields {
		b.WriteString(f.Name + "\n" + f.Value + "\n")
	}
	return b.String()
}
