// Package screen reads what a person sees of cardbot on Discord: the
// buttons a message offers, its text, a Laro hand and table, a Laus lay-back
// menu. The virtual players of the load test (cmd/loadtest) and of the soak
// test (cmd/cardbot) decide their clicks from it, never from the bot's
// internals beyond the custom_id layout "v1/<game>/<table>/<turn>/<verb>[/<arg>]".
package screen

import (
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
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
// disabled ones and foreign custom_ids are left out.
func Buttons(m *discordgo.Message) []Button {
	if m == nil {
		return nil
	}
	labels := map[string]string{}
	disabled := map[string]bool{}
	for _, b := range discordtest.Buttons(m) {
		labels[b.CustomID] = b.Label
		disabled[b.CustomID] = b.Disabled
	}
	var out []Button
	for _, id := range discordtest.CustomIDs(m) {
		parts := strings.Split(id, "/")
		if len(parts) < 5 || len(parts) > 6 || parts[0] != "v1" || disabled[id] {
			continue
		}
		turn, err := strconv.Atoi(parts[3])
		if err != nil {
			continue
		}
		b := Button{ID: id, Label: labels[id], Verb: parts[4], Turn: turn}
		if len(parts) == 6 {
			b.Arg = parts[5]
		}
		out = append(out, b)
	}
	return out
}

// Find returns m's first component with verb, and whether there is one.
func Find(m *discordgo.Message, verb string) (Button, bool) {
	for _, b := range Buttons(m) {
		if b.Verb == verb {
			return b, true
		}
	}
	return Button{}, false
}

// All returns m's components with verb, in order.
func All(m *discordgo.Message, verb string) []Button {
	var out []Button
	for _, b := range Buttons(m) {
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
	for _, b := range Buttons(m) {
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

// Field returns the value of m's first embed field called name, or "".
func Field(m *discordgo.Message, name string) string {
	if m == nil {
		return ""
	}
	for _, e := range m.Embeds {
		for _, f := range e.Fields {
			if f.Name == name {
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

// Mention is how the bot names a user in its messages.
func Mention(userID string) string { return "<@" + userID + ">" }

// MyTurn reports whether a table message marks userID as the one to move.
func MyTurn(table *discordgo.Message, userID string) bool {
	return strings.Contains(Field(table, "Players"), "▶️ "+Mention(userID))
}
