package laus_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/internal/e2e"
)

// handIn is the newest hand message among a player's private ones, in
// either language ("Your hand", "Deine Hand").
func handIn(ms []*discordgo.Message) *discordgo.Message {
	for i := len(ms) - 1; i >= 0; i-- {
		if len(ms[i].Embeds) > 0 && (strings.HasPrefix(ms[i].Embeds[0].Title, "Your hand") ||
			strings.HasPrefix(ms[i].Embeds[0].Title, "Deine Hand")) {
			return ms[i]
		}
	}
	return nil
}

// openHandIn clicks My hand on the table and returns the private hand it
// shows, whose title must start with title (the reader's language).
func openHandIn(t *testing.T, p *e2e.Player, table *discordgo.Message, title string) *discordgo.Message {
	t.Helper()
	r, err := p.U.Click(table, e2e.Button(table, "hand", "*"))
	cb := e2e.Answer(t, r, err)
	m := e2e.Shown(t, r, cb)
	if !cb.Ephemeral || m == nil || len(m.Embeds) == 0 || !strings.HasPrefix(m.Embeds[0].Title, title) {
		t.Fatalf("%s's My hand answered %q, want a private hand titled %q", p.U.Name(), e2e.Text(m), title)
	}
	return m
}

// matchOver reports whether the channel's table message shows the match's
// end (in German: its public language).
func matchOver(w *e2e.World) bool {
	for _, m := range w.Ch.Messages() {
		if len(m.Embeds) > 0 && strings.HasPrefix(m.Embeds[0].Title, "Laus · Tisch") && strings.Contains(m.Embeds[0].Description, "🏁") {
			return true
		}
	}
	return false
}

// moverIn finds the seated person whose hand offers a move now, as
// e2e.LausMover does, reading hands in either language; nil once the
// table shows the match's end.
func moverIn(t *testing.T, w *e2e.World, players []*e2e.Player) (*e2e.Player, *discordgo.Message) {
	t.Helper()
	for deadline := time.Now().Add(e2e.Patience); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		for _, p := range players {
			m := handIn(p.U.Ephemeral())
			for _, verb := range []string{"look", "lay", "play"} {
				if e2e.Button(m, verb, "*") != "" {
					return p, m
				}
			}
		}
		if matchOver(w) {
			return nil, nil
		}
	}
	t.Fatal("nobody's hand offers a move and the match is not over")
	return nil, nil
}

// englishInPublic are words of the English texts that no German public
// Laus text holds (names here are alice, bob and Ada).
var englishInPublic = []string{"match", "round", "total", "trick", "Latest", "On the table", "Players",
	"Your cards", "My hand", "Scores", "pts", "dealer", "looked", "passed", "played", "took", "nobody"}

// A server whose language is German, alice whose Discord speaks German and
// bob whose Discord speaks English play a match with a computer to its
// end. Every public message Laus renders (the table message in each of its
// versions, the round summaries, the shared scoreboard, its line in the
// lobby) is in German; every private one (answers, hands, refusals, the
// rules, the scoreboard) is in its reader's language.
func TestLausSpeaksTheServersLanguageInPublicAndEachPlayersInPrivate(t *testing.T) {
	w := e2e.NewWorld(t)
	w.Guild.SetLocale(discordgo.German)
	alice, bob := w.Player("alice"), w.Player("bob")
	alice.U.SetLocale(discordgo.German)
	players := []*e2e.Player{alice, bob}

	r, err := alice.U.Slash(w.Ch, "laus new", discordtest.IntOpt("target", 100), discordtest.IntOpt("turn_timer", 600))
	if cb := e2e.Answer(t, r, err); !cb.Ephemeral || !strings.Contains(e2e.Text(cb.Message), "Dein Laus-Tisch") {
		t.Fatalf("alice's /laus new answered %q, want a private answer in German", e2e.Text(cb.Message))
	}
	lobby := w.TableMessage("Drück **Mitspielen**, um Platz zu nehmen")
	bob.Click(lobby, e2e.Button(lobby, "join", "*"))
	lobby = w.TableMessage(e2e.Named(bob))
	if cb := alice.Click(lobby, e2e.Button(lobby, "start", "*")); !strings.Contains(e2e.Text(cb.Message), "Laus braucht 3 oder 4 Spieler, und 2 sitzen") {
		t.Fatalf("alice's Start with two seated answered %q, want the German refusal", e2e.Text(cb.Message))
	}
	alice.Click(lobby, e2e.Button(lobby, "computer", "*"))
	alice.Click(lobby, e2e.Button(lobby, "start", "*"))
	w.TableMessage("Partie 1 hat unten begonnen")
	table := w.TableMessage("Partie 1 · Runde 1")
	openHandIn(t, alice, table, "Deine Hand")
	openHandIn(t, bob, table, "Your hand")

	// A stale button, answered in its clicker's language: the first skat
	// decider opens a second hand message, decides there, then clicks the
	// first one's button from before.
	first, old := moverIn(t, w, players)
	stale, title := "That button was from an earlier moment", "Your hand"
	if first == alice {
		stale, title = "Der Button war von einem früheren Moment", "Deine Hand"
	}
	fresh := openHandIn(t, first, w.TableMessage("Partie 1 · Runde 1"), title)
	skatTurns := 0
	e2e.LausMove(t, first, fresh, &skatTurns)
	if cb := first.Click(old, e2e.Button(old, "pass", "*")); !strings.Contains(e2e.Text(cb.Message), stale) {
		t.Errorf("%s's stale Pass answered %q, want %q", first.U.Name(), e2e.Text(cb.Message), stale)
	}

	sawGerman, sawEnglish := false, false
	for moves := 0; ; moves++ {
		p, hand := moverIn(t, w, players)
		if p == nil {
			break
		}
		// Each hand in its reader's language, whoever's click redrew it.
		text := e2e.Text(hand)
		if p == alice {
			sawGerman = true
			if !strings.Contains(text, "**Du bist dran:**") || strings.Contains(text, "Your turn") {
				t.Fatalf("alice's hand at her turn is not in German:\n%s", text)
			}
		} else {
			sawEnglish = true
			if !strings.Contains(text, "**Your turn:**") || strings.Contains(text, "Du bist dran") {
				t.Fatalf("bob's hand at his turn is not in English:\n%s", text)
			}
		}
		if cb := e2e.LausMove(t, p, hand, &skatTurns); strings.Contains(e2e.Text(cb.Message), "⚠️") {
			t.Fatalf("%s's move was refused:\n%s", p.U.Name(), e2e.Text(cb.Message))
		}
		if moves > 2000 {
			t.Fatal("no end after 2000 moves")
		}
	}
	if !sawGerman || !sawEnglish {
		t.Errorf("moves seen: alice's %v, bob's %v; want both players to have moved", sawGerman, sawEnglish)
	}
	// The match's end reaches each hand in its reader's language.
	if _, err := alice.U.WaitEphemeral(e2e.Patience, func(ms []*discordgo.Message) bool {
		return strings.Contains(e2e.Text(handIn(ms)), "🏁 **Partie vorbei**")
	}); err != nil {
		t.Errorf("alice's hand never showed the match's end in German:\n%s", e2e.Text(handIn(alice.U.Ephemeral())))
	}
	if _, err := bob.U.WaitEphemeral(e2e.Patience, func(ms []*discordgo.Message) bool {
		return strings.Contains(e2e.Text(handIn(ms)), "🏁 **Match over**")
	}); err != nil {
		t.Errorf("bob's hand never showed the match's end in English:\n%s", e2e.Text(handIn(bob.U.Ephemeral())))
	}

	// Every version of every public message Laus drew: the table message
	// and the round summaries, in German (titles, text, fields, footers and
	// buttons).
	tables, sums := 0, 0
	for _, m := range w.Ch.History() {
		for _, e := range m.Embeds {
			switch {
			case strings.HasPrefix(e.Title, "Laus · Tisch"):
				tables++
				for _, label := range buttonLabels(m) {
					if en := englishIn(label); en != "" || slices.Contains([]string{"How to play", "Play again", "Leave", "I'm back"}, label) {
						t.Errorf("the table message %q has an English button %q", e.Title, label)
					}
				}
			case strings.Contains(e.Title, "· Ergebnis Runde"):
				sums++
				if !strings.Contains(fieldsText(e), " Augen · ") {
					t.Errorf("a round summary does not count card points in Augen:\n%s", fieldsText(e))
				}
			default:
				continue
			}
			footer := ""
			if e.Footer != nil {
				footer = e.Footer.Text
			}
			if en := englishIn(e.Title + "\n" + e.Description + "\n" + fieldsText(e) + footer); en != "" {
				t.Errorf("public message %q says %q, English in a German server:\n%s\n%s", e.Title, en, e.Description, fieldsText(e))
			}
		}
	}
	if tables < 3 || sums == 0 {
		t.Errorf("saw %d versions of the table message and %d of the summary; want a whole match's", tables, sums)
	}

	// The scoreboard: private in each reader's language; shared, in the
	// server's.
	r, err = alice.U.Slash(w.Ch, "laus scoreboard")
	if sb := e2e.Text(e2e.Shown(t, r, e2e.Answer(t, r, err))); !strings.Contains(sb, "Summen, niedrigste zuerst") {
		t.Errorf("alice's scoreboard is not in German:\n%s", sb)
	}
	r, err = bob.U.Slash(w.Ch, "laus scoreboard")
	shown := e2e.Shown(t, r, e2e.Answer(t, r, err))
	if sb := e2e.Text(shown); !strings.Contains(sb, "Totals, lowest first") {
		t.Errorf("bob's scoreboard is not in English:\n%s", sb)
	}
	posted := len(w.Ch.Messages())
	bob.Click(shown, e2e.Button(shown, "share", "scoreboard"))
	ms := w.Ch.Messages()
	if len(ms) != posted+1 {
		t.Fatalf("after Share the channel has %d new message(s), want the scoreboard once", len(ms)-posted)
	}
	if sb := e2e.Text(ms[posted]); !strings.Contains(sb, "Summen, niedrigste zuerst") || strings.Contains(sb, "Totals, lowest first") {
		t.Errorf("the scoreboard bob shared is not in the server's German:\n%s", sb)
	}

	// The rules, each in its reader's language.
	for _, c := range []struct {
		p    *e2e.Player
		want string
	}{{alice, "ein Zug"}, {bob, "a turn"}} {
		r, err := c.p.U.Slash(w.Ch, "laus rules")
		if got := e2e.Text(e2e.Shown(t, r, e2e.Answer(t, r, err))); !strings.Contains(got, c.want) {
			t.Errorf("%s's /laus rules shows %q, want the page %q", c.p.U.Name(), got, c.want)
		}
	}
	w.NoFailures()
}

// buttonLabels are the labels of m's buttons.
func buttonLabels(m *discordgo.Message) []string {
	var out []string
	for _, b := range discordtest.Buttons(m) {
		out = append(out, b.Label)
	}
	return out
}

// fieldsText is an embed's fields' names and values, a line each.
func fieldsText(e *discordgo.MessageEmbed) string {
	var b strings.Builder
	for _, f := range e.Fields {
		b.WriteString(f.Name + "\n" + f.Value + "\n")
	}
	return b.String()
}

// englishIn returns the first English word of englishInPublic in s, or "".
func englishIn(s string) string {
	for _, w := range englishInPublic {
		if strings.Contains(s, w) {
			return w
		}
	}
	return ""
}
