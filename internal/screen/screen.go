// Package screen reads what a person sees of cardbot on Discord: the
// buttons a message offers, its text, a Laro hand and table, a Laus lay-back
// menu. The virtual players of the load test (cmd/loadtest) and of the soak
// test (cmd/cardbot) decide their clicks from it, never from the bot's
// internals beyond the custom_id layout "v1/<game>/<table>/<turn>/<verb>[/<arg>]".
package screen

import (
	"iter"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/ui"
)

// Button is one decoded component of a message.
type Button struct {
	ID    string // the custom_id, to click
	Label string
	Verb  string
	Arg   string
	Turn  int // the state version the bot drew the component for
}

// Buttons decodes the bot's components on m, buttons and menus alike;
// disabled buttons and foreign custom_ids are left out.
func Buttons(m *discordgo.Message) []Button {
	return slices.Collect(buttons(m))
}

// buttons yields what Buttons returns, one at a time, so that Find can stop
// at the first match without decoding the rest.
func buttons(m *discordgo.Message) iter.Seq[Button] {
	return func(yield func(Button) bool) {
		for c := range discordtest.Components(m) {
			var id, label string
			switch x := c.(type) {
			case *discordgo.Button:
				id, label = x.CustomID, x.Label
				if x.Disabled {
					continue
				}
			case discordgo.Button:
				id, label = x.CustomID, x.Label
				if x.Disabled {
					continue
				}
			case *discordgo.SelectMenu:
				id = x.CustomID
			case discordgo.SelectMenu:
				id = x.CustomID
			default:
				continue
			}
			if b, ok := parseButton(id, label); ok && !yield(b) {
				return
			}
		}
	}
}

// parseButton reads a custom_id of the layout
// "v1/<game>/<table>/<turn>/<verb>[/<arg>]".
func parseButton(id, label string) (Button, bool) {
	var parts [6]string
	n, ok := split(id, &parts)
	if !ok || n < 5 || parts[0] != "v1" {
		return Button{}, false
	}
	turn, err := strconv.Atoi(parts[3])
	if err != nil {
		return Button{}, false
	}
	b := Button{ID: id, Label: label, Verb: parts[4], Turn: turn}
	if n == 6 {
		b.Arg = parts[5]
	}
	return b, true
}

// split cuts id at each "/" into parts, as strings.Split would without
// allocating, and reports how many there are; false if more than fit.
func split(id string, parts *[6]string) (int, bool) {
	n := 0
	for {
		if n == len(parts) {
			return n, false
		}
		i := strings.IndexByte(id, '/')
		if i < 0 {
			parts[n] = id
			return n + 1, true
		}
		parts[n], id = id[:i], id[i+1:]
		n++
	}
}

// Find returns m's first component with verb, and whether there is one.
func Find(m *discordgo.Message, verb string) (Button, bool) {
	for b := range buttons(m) {
		if b.Verb == verb {
			return b, true
		}
	}
	return Button{}, false
}

// All returns m's components with verb, in order.
func All(m *discordgo.Message, verb string) []Button {
	var out []Button
	for b := range buttons(m) {
		if b.Verb == verb {
			out = append(out, b)
		}
	}
	return out
}

// IsMove reports whether verb is one of the hand buttons that make a move;
// they carry the state version the hand was drawn for.
func IsMove(verb string) bool { return moveVerbs[verb] }

var moveVerbs = map[string]bool{
	"draw": true, "discard": true, "win": true, "lay": true, // Laro ("lay": a won call's cluster)
	"look": true, "pass": true, "play": true, // Laus ("lay" too: the skat laid back)
}

// MoveVersion is the state version a hand's move buttons were drawn for,
// or -1 if it offers no move.
func MoveVersion(m *discordgo.Message) int {
	v := -1
	for b := range buttons(m) {
		if moveVerbs[b.Verb] {
			v = max(v, b.Turn)
		}
	}
	return v
}

// IsHand reports a player's private hand message.
func IsHand(m *discordgo.Message) bool {
	return m != nil && len(m.Embeds) > 0 && strings.HasPrefix(m.Embeds[0].Title, "Your hand")
}

// Text is everything m shows as text: content, embeds (fields as
// "name: value" lines) and Button labels.
func Text(m *discordgo.Message) string {
	return discordtest.MessageText(m, discordtest.TextLayout{FieldSep: ": ", ButtonSep: "\n"})
}

// Field returns the value of m's first embed field called name, or "". A
// field whose name goes on after " · " counts too ("Players · totals to
// 500" is the Players field).
func Field(m *discordgo.Message, name string) string {
	if m == nil {
		return ""
	}
	for _, e := range m.Embeds {
		for _, f := range e.Fields {
			if f.Name == name || strings.HasPrefix(f.Name, name+" · ") {
				return f.Value
			}
		}
	}
	return ""
}

// Description returns m's first embed's description, or "".
func Description(m *discordgo.Message) string {
	if m == nil || len(m.Embeds) == 0 {
		return ""
	}
	return m.Embeds[0].Description
}

// InteractionOf returns the ID of the interaction whose answer created m,
// or "".
func InteractionOf(m *discordgo.Message) string {
	if m == nil || m.InteractionMetadata == nil {
		return ""
	}
	return m.InteractionMetadata.ID
}

// AsksWhoIsIn reports whether b, a finished table's "again" button, is the
// ready check's I'm in (everyone seated answers it) rather than Play again
// (which one person clicks to start the check).
func AsksWhoIsIn(b Button) bool { return b.Label == "I'm in" }

// Mention is how the bot names a user in its messages.
func Mention(userID string) string { return "<@" + userID + ">" }

// Named is how the bot names a seated person in its messages: by their
// display name, escaped as markdown.
func Named(name string) string { return ui.EscapeName(name) }

// MyTurn reports whether a table message marks the person called name as
// the one to move: a Players line reads "▶️ name" and then ends or goes on
// after a space, so "p1" is not taken for "p10".
func MyTurn(table *discordgo.Message, name string) bool {
	for line := range strings.Lines(Field(table, "Players")) {
		rest, ok := strings.CutPrefix(strings.TrimSuffix(line, "\n"), "▶️ "+Named(name))
		if ok && (rest == "" || strings.HasPrefix(rest, " ")) {
			return true
		}
	}
	return false
}
