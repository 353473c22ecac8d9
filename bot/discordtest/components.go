package discordtest

import (
	"iter"
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

// eachComponent calls f on every component, depth first, as walkComponents
// does but without paths, until f returns false; it reports whether f never
// did.
func eachComponent(comps []discordgo.MessageComponent, f func(c discordgo.MessageComponent) bool) bool {
	for _, c := range comps {
		if c == nil {
			continue
		}
		if !f(c) || !eachComponent(children(c), f) {
			return false
		}
	}
	return true
}

// Components yields every component on m, depth first in display order,
// layout components (rows, sections, containers) included. Those of a
// message the fake returned are pointers (*discordgo.Button, ...).
func Components(m *discordgo.Message) iter.Seq[discordgo.MessageComponent] {
	return func(yield func(discordgo.MessageComponent) bool) {
		if m != nil {
			eachComponent(m.Components, yield)
		}
	}
}

// countComponents counts the components on m for which ok holds, so that
// a list of them is allocated once.
func countComponents(m *discordgo.Message, ok func(discordgo.MessageComponent) bool) int {
	n := 0
	eachComponent(m.Components, func(c discordgo.MessageComponent) bool {
		if ok(c) {
			n++
		}
		return true
	})
	return n
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
	eachComponent(m.Components, func(c discordgo.MessageComponent) bool {
		if customID(c) == id {
			found = c
			return false
		}
		return true
	})
	return found
}

// CustomIDs returns the custom_id of every button and select menu on m, in
// display order.
func CustomIDs(m *discordgo.Message) []string {
	if m == nil {
		return nil
	}
	var ids []string
	if n := countComponents(m, func(c discordgo.MessageComponent) bool { return customID(c) != "" }); n > 0 {
		ids = make([]string, 0, n)
	}
	eachComponent(m.Components, func(c discordgo.MessageComponent) bool {
		if id := customID(c); id != "" {
			ids = append(ids, id)
		}
		return true
	})
	return ids
}

// Buttons returns copies of every button on m, in display order.
func Buttons(m *discordgo.Message) []discordgo.Button {
	if m == nil {
		return nil
	}
	var out []discordgo.Button
	if n := countComponents(m, func(c discordgo.MessageComponent) bool { _, ok := asButton(c); return ok }); n > 0 {
		out = make([]discordgo.Button, 0, n)
	}
	eachComponent(m.Components, func(c discordgo.MessageComponent) bool {
		if b, ok := asButton(c); ok {
			out = append(out, *b)
		}
		return true
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
