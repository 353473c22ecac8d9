package bot_test

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/internal/e2e"
)

// readPages reads a How to play message page by page, pressing Next until
// it is disabled, and returns every page's text. Each Next must turn the
// same private message.
func readPages(t *testing.T, p *e2e.Player, first *discordgo.Message) []string {
	t.Helper()
	pages := []string{pageText(first)}
	m := first
	for n := 0; ; n++ {
		next := nextButton(m)
		if next == nil || next.Disabled {
			return pages
		}
		if n > 10 {
			t.Fatal("more than 10 pages")
		}
		cb := p.Click(m, next.CustomID)
		if !cb.Ephemeral || cb.Message == nil || cb.Message.ID != first.ID {
			t.Fatalf("Next answered %+v, want the same private message turned", cb)
		}
		m = cb.Message
		pages = append(pages, pageText(m))
	}
}

func nextButton(m *discordgo.Message) *discordgo.Button {
	for _, row := range m.Components {
		if r, ok := row.(*discordgo.ActionsRow); ok {
			for _, c := range r.Components {
				if b, ok := c.(*discordgo.Button); ok && b.Label == "Next" {
					return b
				}
			}
		}
	}
	return nil
}

func pageText(m *discordgo.Message) string {
	if len(m.Embeds) == 0 {
		return ""
	}
	return m.Embeds[0].Title + "\n" + m.Embeds[0].Description
}

var markup = regexp.MustCompile("[*_`]")

// phoneLines counts the lines body takes on a phone 40 columns wide, its
// markup hidden as Discord hides it.
func phoneLines(body string) int {
	n := 0
	for _, line := range strings.Split(markup.ReplaceAllString(body, ""), "\n") {
		width := 0
		n++
		for i, word := range strings.Fields(line) {
			w := utf8.RuneCountInString(word)
			if i > 0 && width+1+w > 40 {
				n++
				width = w
				continue
			}
			if i > 0 {
				width++
			}
			width += w
		}
	}
	return n
}

func TestRulesCommandsExplainEachGame(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	alice := w.Player("alice")
	for cmd, words := range map[string][]string{
		"laro rules": {"cluster", "Void", "LARO!", "stake", "My hand", "Draw from deck"},
		"laus rules": {"jack", "queen", "skat", "target", "My hand"},
	} {
		r, err := alice.U.Slash(w.Ch, cmd)
		cb := e2e.Answer(t, r, err)
		if !cb.Ephemeral {
			t.Errorf("/%s answered publicly", cmd)
		}
		pages := readPages(t, alice, cb.Message)
		if len(pages) < 3 {
			t.Errorf("/%s has %d page(s), want a short first page and details after it", cmd, len(pages))
		}
		first := cb.Message.Embeds[0]
		if n := phoneLines(first.Description); n > 12 || !strings.Contains(first.Title, "a turn") {
			t.Errorf("/%s first page %q takes %d lines at 40 columns, want a turn in 12 or fewer:\n%s", cmd, first.Title, n, first.Description)
		}
		got := strings.ToLower(strings.Join(pages, "\n"))
		for _, word := range words {
			if !strings.Contains(got, strings.ToLower(word)) {
				t.Errorf("/%s does not mention %q:\n%s", cmd, word, got)
			}
		}
	}
	w.NoFailures()
}

// TestHowToPlayButtonAndHelpCommand: a newcomer finds the rules on the
// lobby and the table message without a command, and anyone (no
// permissions at all) can list the commands.
func TestHowToPlayButtonAndHelpCommand(t *testing.T) {
	w := e2e.NewWorld(t)
	alice, bob := w.Player("alice"), w.Player("bob")
	r, err := alice.U.Slash(w.Ch, "laro new")
	e2e.Answer(t, r, err)
	lobby := w.TableMessage("Click **Join**")
	cb := bob.Click(lobby, e2e.Button(lobby, "howto", ""))
	if !cb.Ephemeral || !strings.Contains(pageText(cb.Message), "How to play Laro · a turn") {
		t.Fatalf("How to play on the lobby answered %+v, want the first page privately", cb)
	}
	if pages := readPages(t, bob, cb.Message); len(pages) < 3 {
		t.Errorf("the lobby's How to play has %d pages", len(pages))
	}
	if w.Ch.Message(lobby.ID).Embeds[0].Title != lobby.Embeds[0].Title {
		t.Error("How to play changed the lobby")
	}
	alice.Click(lobby, e2e.Button(lobby, "computer", ""))
	alice.Click(lobby, e2e.Button(lobby, "start", ""))
	table := w.TableMessage("game 1")
	if cb := bob.Click(table, e2e.Button(table, "howto", "")); !cb.Ephemeral || !strings.Contains(pageText(cb.Message), "a turn") {
		t.Errorf("How to play on the table answered %+v", cb)
	}

	r, err = bob.U.Slash(w.Ch, "cardbot help")
	cb = e2e.Answer(t, r, err)
	text := e2e.Text(cb.Message)
	if !cb.Ephemeral {
		t.Error("/cardbot help answered publicly")
	}
	for _, c := range []string{"/laro new", "/laus new", "/laro rules", "/chips daily", "/laus scoreboard", "/cardbot settings"} {
		if !strings.Contains(text, c) {
			t.Errorf("/cardbot help does not list %s:\n%s", c, text)
		}
	}
	w.NoFailures()
}
