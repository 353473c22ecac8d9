package discordtest

import (
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// Components decoded from JSON are pointers (*discordgo.Button); components
// a Go caller builds are usually values. The helpers here accept both.

func asRow(c discordgo.MessageComponent) (*discordgo.ActionsRow, bool) {
	switch x := c.(type) {
	case *discordgo.ActionsRow:
		return x, true
	case discordgo.ActionsRow:
		return &x, true
	}
	return nil, false
}

func asButton(c discordgo.MessageComponent) (*discordgo.Button, bool) {
	switch x := c.(type) {
	case *discordgo.Button:
		return x, true
	case discordgo.Button:
		return &x, true
	}
	return nil, false
}

func asSelect(c discordgo.MessageComponent) (*discordgo.SelectMenu, bool) {
	switch x := c.(type) {
	case *discordgo.SelectMenu:
		return x, true
	case discordgo.SelectMenu:
		return &x, true
	}
	return nil, false
}

// children returns the components nested in a layout component.
func children(c discordgo.MessageComponent) []discordgo.MessageComponent {
	switch x := c.(type) {
	case *discordgo.ActionsRow:
		return x.Components
	case discordgo.ActionsRow:
		return x.Components
	case *discordgo.Section:
		return append(append([]discordgo.MessageComponent(nil), x.Components...), x.Accessory)
	case discordgo.Section:
		return append(append([]discordgo.MessageComponent(nil), x.Components...), x.Accessory)
	case *discordgo.Container:
		return x.Components
	case discordgo.Container:
		return x.Components
	}
	return nil
}

// walkComponents calls f on every component, depth first, with its JSON path.
func walkComponents(comps []discordgo.MessageComponent, path string, f func(path string, c discordgo.MessageComponent)) {
	for i, c := range comps {
		if c == nil {
			continue
		}
		p := path + "." + strconv.Itoa(i)
		f(p, c)
		walkComponents(children(c), p+".components", f)
	}
}

func customID(c discordgo.MessageComponent) string {
	if b, ok := asButton(c); ok {
		return b.CustomID
	}
	if m, ok := asSelect(c); ok {
		return m.CustomID
	}
	return ""
}

// FindComponent returns the button or select menu with custom_id id on m,
// or nil.
// The result is a *discordgo.Button or *discordgo.SelectMenu for messages
// returned by the fake.
func FindComponent(m *discordgo.Message, id string) discordgo.MessageComponent {
	if m == nil {
		return nil
	}
	var found discordgo.MessageComponent
	walkComponents(m.Components, "components", func(_ string, c discordgo.MessageComponent) {
		if found == nil && customID(c) == id {
			found = c
		}
	})
	return found
}

// CustomIDs returns the custom_id of every button and select menu on m, in
// display order.
func CustomIDs(m *discordgo.Message) []string {
	var ids []string
	if m == nil {
		return nil
	}
	walkComponents(m.Components, "components", func(_ string, c discordgo.MessageComponent) {
		if id := customID(c); id != "" {
			ids = append(ids, id)
		}
	})
	return ids
}

// Buttons returns copies of every button on m, in display order.
func Buttons(m *discordgo.Message) []discordgo.Button {
	var out []discordgo.Button
	if m == nil {
		return nil
	}
	walkComponents(m.Components, "components", func(_ string, c discordgo.MessageComponent) {
		if b, ok := asButton(c); ok {
			out = append(out, *b)
		}
	})
	return out
}

// TextLayout says how MessageText joins what a message shows.
type TextLayout struct {
	FieldSep  string // between an embed field's name and its value
	ButtonSep string // before each button's "[label]"
}

// MessageText is everything m shows as text, as a person reads it: its
// content, each embed's title, description, fields and footer, then its
// buttons' labels in brackets. A nil message is "".
func MessageText(m *discordgo.Message, l TextLayout) string {
	if m == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString(m.Content)
	for _, e := range m.Embeds {
		b.WriteString("\n" + e.Title + "\n" + e.Description)
		for _, f := range e.Fields {
			b.WriteString("\n" + f.Name + l.FieldSep + f.Value)
		}
		if e.Footer != nil {
			b.WriteString("\n" + e.Footer.Text)
		}
	}
	for _, btn := range Buttons(m) {
		b.WriteString(l.ButtonSep + "[" + btn.Label + "]")
	}
	return b.String()
}
