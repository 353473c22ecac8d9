package laro_test

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/internal/e2e"
)

// englishWords are words of Laro's English messages; a German message
// showing one has a text left outside the catalogue (or in the wrong
// language).
var englishWords = []string{"Your ", "your ", "You ", " to **draw**", " to **discard**", "Discard", "Deck", "Players",
	"Latest", "My hand", "Refresh", "Draw from deck", "Declare win", " wins ", " winner", "dealer", "point", "cluster",
	"Clusters in the making", "Take ", "reshuffled", "in hand", "Stakes", "Game ", "How to play", "Join", "Leave",
	"Play again", "table", "game"}

// germanWords are words of Laro's German messages, which an English reader
// must never see.
var germanWords = []string{"Du ", "Deine", "deine", "Stapel", "Ablage", "Karten", "Tisch", "Spiel", "Gruppe",
	"Zug", "Sieger", "Punkt", "Hand ·", "Warte", "drück", "Drück"}

// inLanguage fails t when text, which reader sees, holds a word of the
// other language.
func inLanguage(t *testing.T, reader, what, text string, german bool) {
	t.Helper()
	words := germanWords
	if german {
		words = englishWords
	}
	for _, w := range words {
		if strings.Contains(text, w) {
			t.Errorf("%s sees %s with %q, a word of the wrong language:\n%s", reader, what, w, text)
			return
		}
	}
}

// latestHand is a player's newest hand message, in either language.
func latestHand(ms []*discordgo.Message) *discordgo.Message {
	for i := len(ms) - 1; i >= 0; i-- {
		if len(ms[i].Embeds) > 0 && (strings.HasPrefix(ms[i].Embeds[0].Title, "Your hand") || strings.HasPrefix(ms[i].Embeds[0].Title, "Deine Hand")) {
			return ms[i]
		}
	}
	return nil
}

// waitHand waits until p's hand satisfies cond and returns it.
func waitHand(t *testing.T, p *e2e.Player, what string, cond func(*discordgo.Message) bool) *discordgo.Message {
	t.Helper()
	var got *discordgo.Message
	if _, err := p.U.WaitEphemeral(e2e.Patience, func(ms []*discordgo.Message) bool {
		got = latestHand(ms)
		return got != nil && cond(got)
	}); err != nil {
		t.Fatalf("%s's hand never showed %s; it shows:\n%s", p.U.Name(), what, e2e.Text(got))
	}
	return got
}

// openHand clicks My hand on the table (in any language) and returns the
// hand it shows.
func openHand(t *testing.T, p *e2e.Player, table *discordgo.Message) *discordgo.Message {
	t.Helper()
	r, err := p.U.Click(table, e2e.Button(table, "hand", "*"))
	cb := e2e.Answer(t, r, err)
	m := e2e.Shown(t, r, cb)
	if !cb.Ephemeral || latestHand([]*discordgo.Message{m}) == nil {
		t.Fatalf("%s's My hand showed %q, want their hand, privately", p.U.Name(), e2e.Text(m))
	}
	return m
}

// TestLaroSpeaksEachReadersLanguage: a server whose language is German
// (Discord's guild_locale), Anna's client in German and Bob's in English,
// play a whole game. Every private message (the answer to /laro new, the
// hands, a refused click, the rules) is in its reader's language; every
// public message (the lobby, the table, its end) in German.
func TestLaroSpeaksEachReadersLanguage(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	w.Guild.SetLocale(discordgo.German)
	anna, bob := w.Player("anna"), w.Player("bob")
	anna.U.SetLocale(discordgo.German)
	bob.U.SetLocale(discordgo.EnglishUS)
	readers := map[*e2e.Player]bool{anna: true, bob: false} // German?

	r, err := anna.U.Slash(w.Ch, "laro new", discordtest.IntOpt("stake", 1), discordtest.IntOpt("ante", 5),
		discordtest.IntOpt("claim_window", 0), discordtest.IntOpt("turn_timer", 600))
	cb := e2e.Answered(t, r, err)
	if !cb.Ephemeral || !strings.Contains(e2e.Text(cb.Message), "ist in diesem Kanal offen") {
		t.Fatalf("/laro new answered Anna %q, want her German confirmation", e2e.Text(cb.Message))
	}
	lobby := w.TableMessage("Drück **Mitspielen**")
	inLanguage(t, "the channel", "the lobby", e2e.Text(lobby), true)
	bob.Click(lobby, e2e.Button(lobby, "join", ""))
	lobby = w.TableMessage(e2e.Named(bob))
	anna.Click(lobby, e2e.Button(lobby, "start", ""))
	table := w.TableMessage("Meine Hand")

	// A refused click: nobody has discarded yet, so LARO! is refused, to
	// each in their own words.
	for p, german := range readers {
		cb := p.Click(table, e2e.Button(table, "laro", "*"))
		want := "There is no fresh discard"
		if german {
			want = "Gerade gibt es keinen frischen Abwurf"
		}
		if !cb.Ephemeral || !strings.Contains(e2e.Text(cb.Message), want) {
			t.Errorf("%s's early LARO! answered %q, want %q", p.U.Name(), e2e.Text(cb.Message), want)
		}
		// The rules, from the table's How to play button.
		cb = p.Click(table, e2e.Button(table, "howto", ""))
		want = "How to play Laro"
		if german {
			want = "Laro"
		}
		if !cb.Ephemeral || !strings.Contains(e2e.Text(cb.Message), want) {
			t.Errorf("%s's How to play answered %q", p.U.Name(), e2e.Text(cb.Message))
		}
		inLanguage(t, p.U.Name(), "the rules", e2e.Text(cb.Message), german)
		hand := openHand(t, p, table)
		inLanguage(t, p.U.Name(), "their hand", e2e.Text(hand), german)
	}

	// The game, to its end: the dealer (Anna, the host) moves first, and
	// nobody calls, so the turns alternate.
	over := func(m *discordgo.Message) bool {
		s := e2e.Text(m)
		return strings.Contains(s, "🏆") || strings.Contains(s, "no winner") || strings.Contains(s, "kein Sieger")
	}
	mover, other := anna, bob
	for turn := 1; ; turn++ {
		if turn > 400 {
			t.Fatal("no end after 400 turns")
		}
		hand := waitHand(t, mover, "the draw", func(m *discordgo.Message) bool { return e2e.Button(m, "draw", "deck") != "" })
		inLanguage(t, mover.U.Name(), "their hand", e2e.Text(hand), readers[mover])
		cb := mover.Click(hand, e2e.Button(hand, "draw", "deck"))
		inLanguage(t, mover.U.Name(), "the answer to their draw", e2e.Text(cb.Message), readers[mover])
		hand = waitHand(t, mover, "a discard or the end", func(m *discordgo.Message) bool {
			return e2e.Button(m, "discard", "*") != "" || over(m)
		})
		if over(hand) {
			break // the deck ran out a third time
		}
		if id := e2e.Button(hand, "win", ""); id != "" {
			cb := mover.Click(hand, id)
			inLanguage(t, mover.U.Name(), "the answer to their win", e2e.Text(cb.Message), readers[mover])
			break
		}
		c := e2e.ChooseDiscard(e2e.CardsOf(t, hand))
		cb = mover.Click(hand, e2e.Button(hand, "discard", c.String()))
		inLanguage(t, mover.U.Name(), "the answer to their discard", e2e.Text(cb.Message), readers[mover])
		mover, other = other, mover
	}

	// The end: the table (public) in German, each hand in its reader's words.
	final := w.TableMessage("Nochmal spielen")
	ft := e2e.Text(final)
	if !strings.Contains(ft, "gewinnt mit") && !strings.Contains(ft, "kein Sieger") {
		t.Errorf("the final table does not say the outcome in German:\n%s", ft)
	}
	if len(final.Attachments) == 0 && len(final.Embeds) > 0 && final.Embeds[0].Image == nil {
		t.Errorf("the final table shows no end picture")
	}
	for p, german := range readers {
		hand := waitHand(t, p, "the end", over)
		inLanguage(t, p.U.Name(), "their hand at the end", e2e.Text(hand), german)
		for _, m := range p.U.Ephemeral() {
			inLanguage(t, p.U.Name(), "a private message", e2e.Text(m), german)
		}
	}
	for _, m := range w.Ch.Messages() {
		inLanguage(t, "the channel", "a public message", e2e.Text(m), true)
	}
	// Every public message the bot sent or edited on the way, not only the
	// last state of each.
	for _, req := range w.Srv.Requests() {
		if !strings.HasPrefix(req.Route, "/channels/") || (req.Method != "POST" && req.Method != "PATCH") {
			continue
		}
		inLanguage(t, "the channel", req.Method+" "+req.Route, string(req.JSON()), true)
	}
	w.NoFailures()
}
