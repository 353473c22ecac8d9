package main

import (
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
)

// What a virtual player reads off a message, the way a person reads the
// screen: its text, and the buttons it offers. Nothing here knows the bot's
// internals beyond the custom_id layout "v1/<game>/<table>/<turn>/<verb>[/<arg>]".

// button is one decoded component of a message.
type button struct {
	id    string // the custom_id, to click
	label string
	verb  string
	arg   string
	turn  int // the state version the bot drew the component for
}

// buttons decodes the bot's components on m, buttons and menus alike;
// disabled ones and foreign custom_ids are left out.
func buttons(m *discordgo.Message) []button {
	if m == nil {
		return nil
	}
	labels := map[string]string{}
	disabled := map[string]bool{}
	for _, b := range discordtest.Buttons(m) {
		labels[b.CustomID] = b.Label
		disabled[b.CustomID] = b.Disabled
	}
	var out []button
	for _, id := range discordtest.CustomIDs(m) {
		parts := strings.Split(id, "/")
		if len(parts) < 5 || len(parts) > 6 || parts[0] != "v1" || disabled[id] {
			continue
		}
		turn, err := strconv.Atoi(parts[3])
		if err != nil {
			continue
		}
		b := button{id: id, label: labels[id], verb: parts[4], turn: turn}
		if len(parts) == 6 {
			b.arg = parts[5]
		}
		out = append(out, b)
	}
	return out
}

// find returns m's first component with verb, and whether there is one.
func find(m *discordgo.Message, verb string) (button, bool) {
	for _, b := range buttons(m) {
		if b.verb == verb {
			return b, true
		}
	}
	return button{}, false
}

// all returns m's components with verb, in order.
func all(m *discordgo.Message, verb string) []button {
	var out []button
	for _, b := range buttons(m) {
		if b.verb == verb {
			out = append(out, b)
		}
	}
	return out
}

// moveVerbs are the hand buttons that make a move; they carry the state
// version the hand was drawn for.
var moveVerbs = map[string]bool{
	"draw": true, "discard": true, "win": true, "lay": true, // Laro ("lay": a won call's cluster)
	"look": true, "pass": true, "play": true, // Laus ("lay" too: the skat laid back)
}

// moveVersion is the state version a hand's move buttons were drawn for,
// or -1 if it offers no move.
func moveVersion(m *discordgo.Message) int {
	v := -1
	for _, b := range buttons(m) {
		if moveVerbs[b.verb] {
			v = max(v, b.turn)
		}
	}
	return v
}

// isHand reports a player's private hand message.
func isHand(m *discordgo.Message) bool {
	return m != nil && len(m.Embeds) > 0 && strings.HasPrefix(m.Embeds[0].Title, "Your hand")
}

// text is everything m shows as text: content, embeds (fields as
// "name: value" lines) and button labels.
func text(m *discordgo.Message) string {
	if m == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString(m.Content)
	for _, e := range m.Embeds {
		b.WriteString("\n" + e.Title + "\n" + e.Description)
		for _, f := range e.Fields {
			b.WriteString("\n" + f.Name + ": " + f.Value)
		}
		if e.Footer != nil {
			b.WriteString("\n" + e.Footer.Text)
		}
	}
	for _, btn := range discordtest.Buttons(m) {
		b.WriteString("\n[" + btn.Label + "]")
	}
	return b.String()
}

// field returns the value of m's first embed field called name, or "".
func field(m *discordgo.Message, name string) string {
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

// description returns m's first embed's description, or "".
func description(m *discordgo.Message) string {
	if m == nil || len(m.Embeds) == 0 {
		return ""
	}
	return m.Embeds[0].Description
}

// interactionOf returns the ID of the interaction whose answer created m,
// or "".
func interactionOf(m *discordgo.Message) string {
	if m == nil || m.InteractionMetadata == nil {
		return ""
	}
	return m.InteractionMetadata.ID
}

// mention is how the bot names a user in its messages.
func mention(userID string) string { return "<@" + userID + ">" }

// myTurn reports whether a table message marks userID as the one to move.
func myTurn(table *discordgo.Message, userID string) bool {
	return strings.Contains(field(table, "Players"), "▶️ "+mention(userID))
}
