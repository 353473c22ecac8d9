package discordtest

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// handJSON is a message body as the bot sends a Laro hand: an embed with
// fields and a footer, five rows of buttons.
func handJSON() []byte {
	var rows []discordgo.MessageComponent
	for r := 0; r < 5; r++ {
		var btns []discordgo.MessageComponent
		for b := 0; b < 5; b++ {
			btns = append(btns, discordgo.Button{
				Label: fmt.Sprintf("%d♠", r*5+b), Style: discordgo.SecondaryButton,
				CustomID: fmt.Sprintf("v1/laro/%d/%d/discard/%d", 1234567890123, 42, r*5+b),
				Emoji:    &discordgo.ComponentEmoji{Name: "🂡"},
			})
		}
		rows = append(rows, discordgo.ActionsRow{Components: btns})
	}
	body := map[string]any{
		"content": "",
		"embeds": []*discordgo.MessageEmbed{{
			Title: "Your hand · game 1", Description: "Your turn: draw a card.", Color: 0x2ecc71,
			Fields: []*discordgo.MessageEmbedField{
				{Name: "Hand", Value: "A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠"}, {Name: "Discard", Value: "5♥", Inline: true},
			},
			Footer: &discordgo.MessageEmbedFooter{Text: "v42"},
		}},
		"components": rows,
	}
	return mustJSON(body)
}

// cloneCases are messages cloneMessage must copy exactly as the JSON round
// trip does, from what the fake stores to what only a Go caller builds.
func cloneCases(t *testing.T) map[string]*discordgo.Message {
	t.Helper()
	p, err := parsePayload(handJSON(), nil)
	if err != nil {
		t.Fatal(err)
	}
	hand := &discordgo.Message{ID: "1", ChannelID: "2", GuildID: "3", Timestamp: time.Now(), Author: &discordgo.User{ID: "9", Bot: true}}
	p.apply(nil, hand)
	edited := time.Now().In(time.FixedZone("X", 3600))
	min0 := 0
	rich := &discordgo.Message{
		ID: "4", Content: "hi", Timestamp: time.Date(2026, 1, 2, 3, 4, 5, 6, time.FixedZone("Y", -7200)), EditedTimestamp: &edited,
		Attachments:         []*discordgo.MessageAttachment{{ID: "5", Filename: "a.png", Size: 3}, nil},
		Embeds:              []*discordgo.MessageEmbed{{Title: "t", Fields: []*discordgo.MessageEmbedField{}, Image: &discordgo.MessageEmbedImage{}}, nil},
		InteractionMetadata: &discordgo.MessageInteractionMetadata{ID: "6", Type: discordgo.InteractionMessageComponent, User: &discordgo.User{ID: "7"}},
		Flags:               discordgo.MessageFlagsEphemeral,
		Components: []discordgo.MessageComponent{
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{Label: "no style", CustomID: "a"}}},
			&discordgo.ActionsRow{},
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
				CustomID: "m", MinValues: &min0, MaxValues: 2, Options: []discordgo.SelectMenuOption{{Label: "x", Value: "x", Emoji: &discordgo.ComponentEmoji{ID: "8"}}},
				DefaultValues: []discordgo.SelectMenuDefaultValue{}, ChannelTypes: []discordgo.ChannelType{},
			}}},
			&discordgo.ActionsRow{Components: []discordgo.MessageComponent{&discordgo.SelectMenu{MenuType: discordgo.UserSelectMenu, CustomID: "u"}}},
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.TextInput{CustomID: "t", Label: "T"}}},
		},
	}
	return map[string]*discordgo.Message{
		"hand":         hand,
		"rich":         rich,
		"empty":        {},
		"bad utf-8":    {Content: "a\xffb"},
		"thread":       {Thread: &discordgo.Channel{ID: "1", Name: "t"}},
		"container v2": {Components: []discordgo.MessageComponent{&discordgo.Container{Components: []discordgo.MessageComponent{&discordgo.TextDisplay{Content: "x"}}}}},
	}
}

// TestCloneMessageIsTheJSONRoundTrip checks that the hand-written copy
// holds exactly what a client decoding the message would, and shares
// nothing with the original.
func TestCloneMessageIsTheJSONRoundTrip(t *testing.T) {
	for name, m := range cloneCases(t) {
		before := encodeMessage(m)
		got, want := cloneMessage(m), jsonCopyMessage(m)
		if !reflect.DeepEqual(got, want) {
			gj, _ := json.Marshal(got)
			wj, _ := json.Marshal(want)
			t.Errorf("%s: clone differs from the JSON round trip:\n got %s %#v\nwant %s %#v", name, gj, got, wj, want)
		}
		scribble(got)
		if after := encodeMessage(m); string(after) != string(before) {
			t.Errorf("%s: changing the copy changed the original:\n%s\n%s", name, before, after)
		}
	}
}

// TestCloneMessageTakesTheFastPath checks that what the fake stores for a
// hand is copied without the JSON round trip.
func TestCloneMessageTakesTheFastPath(t *testing.T) {
	m := cloneCases(t)["hand"]
	if !plainMessage(m) {
		t.Fatal("a hand is not a plain message")
	}
	var c cloner
	c.components(m.Components)
	c.embeds(m.Embeds)
	if c.odd {
		t.Fatal("a hand's copy falls back on JSON")
	}
	if n := testing.AllocsPerRun(10, func() { cloneMessage(m) }); n > 80 {
		t.Errorf("copying a hand takes %v allocations, want at most 80 (the JSON round trip takes hundreds)", n)
	}
}

// scribble changes everything a copy holds by reference.
func scribble(m *discordgo.Message) {
	m.Content = "scribbled"
	if m.Author != nil {
		m.Author.ID = "scribbled"
	}
	if m.EditedTimestamp != nil {
		*m.EditedTimestamp = time.Time{}
	}
	for _, a := range m.Attachments {
		if a != nil {
			a.Filename = "scribbled"
		}
	}
	for _, e := range m.Embeds {
		if e == nil {
			continue
		}
		e.Title = "scribbled"
		for _, f := range e.Fields {
			f.Value = "scribbled"
		}
		if e.Footer != nil {
			e.Footer.Text = "scribbled"
		}
		if e.Image != nil {
			e.Image.URL = "scribbled"
		}
	}
	if md := m.InteractionMetadata; md != nil && md.User != nil {
		md.User.ID = "scribbled"
	}
	if m.Thread != nil {
		m.Thread.Name = "scribbled"
	}
	eachComponent(m.Components, func(c discordgo.MessageComponent) bool {
		switch x := c.(type) {
		case *discordgo.Button:
			x.Label = "scribbled"
			if x.Emoji != nil {
				x.Emoji.Name = "scribbled"
			}
		case *discordgo.SelectMenu:
			x.CustomID = "scribbled"
			if x.MinValues != nil {
				*x.MinValues = 99
			}
			for i := range x.Options {
				x.Options[i].Value = "scribbled"
				if x.Options[i].Emoji != nil {
					x.Options[i].Emoji.ID = "scribbled"
				}
			}
		case *discordgo.TextInput:
			x.Label = "scribbled"
		case *discordgo.TextDisplay:
			x.Content = "scribbled"
		}
		return true
	})
}

// BenchmarkCopyMessage copies a stored hand as the fake hands it out (to the
// observer, User.Ephemeral, a Callback), against the JSON round trip it
// replaces.
func BenchmarkCopyMessage(b *testing.B) {
	p, err := parsePayload(handJSON(), nil)
	if err != nil {
		b.Fatal(err)
	}
	m := &discordgo.Message{ID: "1", ChannelID: "2", Timestamp: time.Now()}
	p.apply(nil, m)
	b.Run("clone", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			cloneMessage(m)
		}
	})
	b.Run("json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			jsonCopyMessage(m)
		}
	})
}

// BenchmarkEditHand is the fake's share of one click on a hand: the bot's
// edit parsed and applied (with an observer watching), the message encoded
// for the reply and the next INTERACTION_CREATE, and the callback's copy.
func BenchmarkEditHand(b *testing.B) {
	var seen int
	s := New(b, WithLogf(func(string, ...any) {}), WithObserver(func(Change) { seen++ }))
	ch := s.AddGuild("g").AddChannel("c")
	body := handJSON()
	p, err := parsePayload(body, nil)
	if err != nil {
		b.Fatal(err)
	}
	u := s.User("player")
	s.mu.Lock()
	defer s.mu.Unlock()
	rec := &message{m: s.newMessageLocked(ch, p), channel: ch, owner: u} // a hand is ephemeral
	b.ReportAllocs()
	for b.Loop() {
		p, err := parsePayload(body, nil)
		if err != nil {
			b.Fatal(err)
		}
		if e := s.editLocked(rec, p); e != nil {
			b.Fatal(e)
		}
		rec.json()
		copyMessage(rec.m)
	}
	if seen == 0 {
		b.Fatal("the observer saw no edit")
	}
}

// TestInteractionFrameSplicesTheMessage checks that INTERACTION_CREATE
// carries the clicked message byte for byte as encoding/json writes the
// whole payload.
func TestInteractionFrameSplicesTheMessage(t *testing.T) {
	p, err := parsePayload(handJSON(), nil)
	if err != nil {
		t.Fatal(err)
	}
	m := &discordgo.Message{ID: "1", ChannelID: "2", Content: "<a & b>\u2028", Timestamp: time.Now()}
	p.apply(nil, m)
	locale := discordgo.EnglishUS
	di := &discordgo.Interaction{
		ID: "3", AppID: "4", Type: discordgo.InteractionMessageComponent, Token: "t", Version: 1, Locale: locale, GuildLocale: &locale,
		Data:   discordgo.MessageComponentInteractionData{CustomID: "v1/x", ComponentType: discordgo.ButtonComponent},
		Member: &discordgo.Member{User: &discordgo.User{ID: "5"}},
	}
	got := interactionFrame(di, &message{m: m})
	want := mustJSON(wireInteraction{Interaction: di, Message: encodeMessage(m)})
	if string(got) != string(want) {
		t.Errorf("frame differs from encoding/json's:\n got %s\nwant %s", got, want)
	}
	if got, want := interactionFrame(di, nil), mustJSON(wireInteraction{Interaction: di}); string(got) != string(want) {
		t.Errorf("frame without a message differs:\n got %s\nwant %s", got, want)
	}
}
