package golden

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/ui"
)

// A phone shows about 40 characters a line; a message longer than a screen
// makes its reader scroll away from the buttons. These are the limits every
// golden view is held to (see PhoneLines).
const (
	PhoneWidth     = 40
	MaxHandLines   = 14 // a private hand message
	MaxHandRows    = 3  // its rows of buttons
	MaxPublicLines = 15 // a public table message
)

// customEmoji matches a custom emoji as Discord's text has it: <:name:id> or <a:name:id>.
var customEmoji = regexp.MustCompile(`<a?:[A-Za-z0-9_]+:[0-9]+>`)

// PhoneLines counts the lines r takes on a phone: the content's lines, each
// embed's title, every line of its description, and every field's name and
// value lines, each wrapped at PhoneWidth characters, a custom emoji
// counting as two.
func PhoneLines(r ui.Rendering) int {
	var texts []string
	texts = append(texts, r.Content)
	for _, e := range r.Embeds {
		texts = append(texts, e.Title, e.Description)
		for _, f := range e.Fields {
			texts = append(texts, f.Name, f.Value)
		}
	}
	n := 0
	for _, t := range texts {
		if t == "" {
			continue
		}
		for _, line := range strings.Split(t, "\n") {
			n += wrapped(line)
		}
	}
	return n
}

// wrapped is how many phone lines one line of text takes.
func wrapped(line string) int {
	width := utf8.RuneCountInString(customEmoji.ReplaceAllString(line, "ee"))
	if width == 0 {
		return 1
	}
	return (width + PhoneWidth - 1) / PhoneWidth
}

// ButtonRows counts r's rows of components.
func ButtonRows(r ui.Rendering) int {
	n := 0
	for _, c := range r.Components {
		if _, ok := c.(discordgo.ActionsRow); ok {
			n++
		}
	}
	return n
}

// CheckPhoneSize fails t when the view called name is longer than a phone
// screen: a hand (a name containing "hand") over MaxHandLines lines or
// MaxHandRows rows of buttons, anything else over MaxPublicLines lines.
func CheckPhoneSize(t *testing.T, name string, r ui.Rendering) {
	t.Helper()
	lines, maxLines := PhoneLines(r), MaxPublicLines
	if strings.Contains(name, "hand") {
		maxLines = MaxHandLines
		if rows := ButtonRows(r); rows > MaxHandRows {
			t.Errorf("%s: %d rows of buttons, more than a phone shows under a hand (%d)", name, rows, MaxHandRows)
		}
	}
	if lines > maxLines {
		t.Errorf("%s: %d lines at %d columns, more than %d", name, lines, PhoneWidth, maxLines)
	}
}
