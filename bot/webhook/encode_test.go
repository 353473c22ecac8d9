package webhook

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// sameJSON fails t unless a and b are the same JSON value.
func sameJSON(t *testing.T, what string, lean, want []byte) {
	t.Helper()
	var l, w any
	if err := json.Unmarshal(lean, &l); err != nil {
		t.Fatalf("%s: the lean body is not JSON: %v\n%s", what, err, lean)
	}
	if err := json.Unmarshal(want, &w); err != nil {
		t.Fatalf("%s: encoding/json's body is not JSON: %v", what, err)
	}
	if !reflect.DeepEqual(l, w) {
		t.Errorf("%s: the lean body differs from encoding/json's\nlean: %s\nwant: %s", what, lean, want)
	}
}

// both encodes body both ways.
func both(t *testing.T, body any) (lean, want []byte) {
	t.Helper()
	lean, err := encodeBody(body)
	if err != nil {
		t.Fatal(err)
	}
	want, err = json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	return lean, want
}

// TestLeanBodiesMatchEncodingJSON holds the lean encoding to encoding/json's
// for every message the views' golden files show (hands, tables, lobbies,
// menus of both games), sent as a callback and as an edit, and for a body
// with every field the lean encoder writes set, in strings that need
// escaping.
func TestLeanBodiesMatchEncodingJSON(t *testing.T) {
	files, err := filepath.Glob("../*/testdata/views/*.golden")
	if err != nil || len(files) < 10 {
		t.Fatalf("found %d golden views (%v): the test needs the games' renderings", len(files), err)
	}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var view struct {
			Content    string                    `json:"content"`
			Embeds     []*discordgo.MessageEmbed `json:"embeds"`
			Components []json.RawMessage         `json:"components"`
		}
		if err := json.Unmarshal(raw, &view); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		d := discordgo.InteractionResponseData{Content: view.Content, Embeds: view.Embeds}
		for _, c := range view.Components {
			mc, err := discordgo.MessageComponentFromJSON(c)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			d.Components = append(d.Components, mc)
		}
		if len(d.Embeds)+len(d.Components) == 0 {
			t.Fatalf("%s decoded to an empty message", f)
		}
		name := filepath.Base(f)
		lean, want := both(t, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: &d})
		sameJSON(t, name+" as a callback", lean, want)
		if bytes.Contains(lean, []byte(`\u003c`)) {
			t.Errorf("%s: the lean body escapes '<' (it need not)", name)
		}
		lean, want = both(t, &discordgo.WebhookEdit{Embeds: &d.Embeds, Components: &d.Components, Content: &d.Content})
		sameJSON(t, name+" as an edit", lean, want)
	}

	lean, want := both(t, everyField())
	sameJSON(t, "every field", lean, want)
	if bytes.Equal(lean, want) {
		t.Error("the lean body is encoding/json's own: was it used at all?")
	}
	lean, want = both(t, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate})
	if string(lean) != `{"type":6}` || !bytes.Equal(lean, want) {
		t.Errorf("a deferred update is %s, want %s", lean, want)
	}
	empty := []discordgo.MessageComponent{}
	lean, want = both(t, &discordgo.WebhookEdit{Components: &empty})
	sameJSON(t, "an edit that removes the buttons", lean, want)
}

// TestLeanBodiesFallBackForWhatTheyDoNotCover checks that a body with a
// part the lean encoder does not write is encoding/json's, byte for byte.
func TestLeanBodiesFallBackForWhatTheyDoNotCover(t *testing.T) {
	rows := []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.TextInput{CustomID: "x", Label: "Name"}}}}
	att := []*discordgo.MessageAttachment{{ID: "1"}}
	for name, body := range map[string]any{
		"a text input":   &discordgo.InteractionResponse{Type: 9, Data: &discordgo.InteractionResponseData{Components: rows}},
		"a poll":         &discordgo.InteractionResponse{Type: 4, Data: &discordgo.InteractionResponseData{Poll: &discordgo.Poll{}}},
		"attachments":    &discordgo.WebhookEdit{Attachments: &att},
		"a video":        &discordgo.WebhookEdit{Embeds: &[]*discordgo.MessageEmbed{{Video: &discordgo.MessageEmbedVideo{URL: "u"}}}},
		"another shape":  &discordgo.WebhookParams{Content: "<hi>"},
		"a nil response": (*discordgo.InteractionResponse)(nil),
		"a channel menu": &discordgo.WebhookEdit{Components: &[]discordgo.MessageComponent{discordgo.SelectMenu{ChannelTypes: []discordgo.ChannelType{0}}}},
	} {
		lean, want := both(t, body)
		if !bytes.Equal(lean, want) {
			t.Errorf("%s: got %s, want encoding/json's %s", name, lean, want)
		}
	}
}

// TestLeanEncoderKnowsEveryField fails when discordgo's types gain a field,
// which the lean encoder would silently leave out: teach it the field (or
// send what holds it to encoding/json), then change the count here.
func TestLeanEncoderKnowsEveryField(t *testing.T) {
	for v, n := range map[reflect.Type]int{
		reflect.TypeFor[discordgo.InteractionResponse]():     2,
		reflect.TypeFor[discordgo.InteractionResponseData](): 12,
		reflect.TypeFor[discordgo.WebhookEdit]():             6,
		reflect.TypeFor[discordgo.MessageAllowedMentions]():  4,
		reflect.TypeFor[discordgo.ActionsRow]():              2,
		reflect.TypeFor[discordgo.Button]():                  8,
		reflect.TypeFor[discordgo.ComponentEmoji]():          3,
		reflect.TypeFor[discordgo.SelectMenu]():              10,
		reflect.TypeFor[discordgo.SelectMenuOption]():        5,
		reflect.TypeFor[discordgo.MessageEmbed]():            13,
		reflect.TypeFor[discordgo.MessageEmbedFooter]():      3,
		reflect.TypeFor[discordgo.MessageEmbedImage]():       4,
		reflect.TypeFor[discordgo.MessageEmbedThumbnail]():   4,
		reflect.TypeFor[discordgo.MessageEmbedAuthor]():      4,
		reflect.TypeFor[discordgo.MessageEmbedField]():       3,
	} {
		if got := v.NumField(); got != n {
			t.Errorf("%v has %d fields, the lean encoder knows %d", v, got, n)
		}
	}
}

// everyField is a callback with every field the lean encoder writes set,
// in strings that need escaping, its components both as values (as the
// bot makes them) and as pointers (as discordgo decodes them).
func everyField() *discordgo.InteractionResponse {
	odd := "tab\t nl\n cr\r quote\" back\\ bell\x07 bs\b ff\f <:c_7:123> & é 🂡 \u2028\u2029 bad\xff\xfe end"
	one := 1
	return &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseUpdateMessage,
		Data: &discordgo.InteractionResponseData{
			TTS: true, Content: odd, Flags: discordgo.MessageFlagsEphemeral, CustomID: "modal/" + odd, Title: odd,
			AllowedMentions: &discordgo.MessageAllowedMentions{
				Parse: []discordgo.AllowedMentionType{discordgo.AllowedMentionTypeUsers}, Roles: []string{"1"},
				Users: []string{"2", "3"}, RepliedUser: true,
			},
			Components: []discordgo.MessageComponent{
				discordgo.ActionsRow{ID: 4, Components: []discordgo.MessageComponent{
					discordgo.Button{Label: odd, CustomID: "v1/x/" + odd, Disabled: true, ID: 5,
						Emoji: &discordgo.ComponentEmoji{Name: "c_7", ID: "123", Animated: true}},
					&discordgo.Button{Label: "Rules", Style: discordgo.LinkButton, URL: "https://example.com/?a=1&b=<2>"},
					discordgo.Button{Label: "Buy", Style: discordgo.PremiumButton, SKUID: "9"},
				}},
				&discordgo.ActionsRow{Components: []discordgo.MessageComponent{
					discordgo.SelectMenu{CustomID: "menu", Placeholder: odd, MinValues: &one, MaxValues: 2, Disabled: true, ID: 7,
						Options: []discordgo.SelectMenuOption{
							{Label: odd, Value: "a", Description: odd, Default: true, Emoji: &discordgo.ComponentEmoji{Name: "🂡"}},
							{Value: "b"},
						}},
				}},
				&discordgo.ActionsRow{Components: []discordgo.MessageComponent{&discordgo.SelectMenu{MenuType: discordgo.UserSelectMenu}}},
				discordgo.ActionsRow{},
			},
			Embeds: []*discordgo.MessageEmbed{
				{
					URL: "https://example.com/" + odd, Type: discordgo.EmbedTypeRich, Title: odd, Description: odd,
					Timestamp: "2026-11-25T20:00:00Z", Color: 0x3aafa9,
					Footer:    &discordgo.MessageEmbedFooter{Text: odd, IconURL: "i", ProxyIconURL: "p"},
					Image:     &discordgo.MessageEmbedImage{URL: "attachment://table.png", ProxyURL: "p", Width: 640, Height: 480},
					Thumbnail: &discordgo.MessageEmbedThumbnail{URL: "t"},
					Author:    &discordgo.MessageEmbedAuthor{Name: odd, URL: "u", IconURL: "i", ProxyIconURL: "p"},
					Fields: []*discordgo.MessageEmbedField{
						{Name: odd, Value: odd, Inline: true}, {Name: "", Value: ""}, nil,
					},
				},
				nil,
				{Image: &discordgo.MessageEmbedImage{}, Author: &discordgo.MessageEmbedAuthor{}},
			},
		},
	}
}

// TestLeanBodiesAreTheirOwn checks that a body is not overwritten by the
// next one encoded: the HTTP client may still be sending it.
func TestLeanBodiesAreTheirOwn(t *testing.T) {
	first, err := encodeBody(&discordgo.WebhookEdit{Content: ptr("first")})
	if err != nil {
		t.Fatal(err)
	}
	for range 10 {
		if _, err := encodeBody(&discordgo.WebhookEdit{Content: ptr("second, and longer than the first")}); err != nil {
			t.Fatal(err)
		}
	}
	if string(first) != `{"content":"first"}` {
		t.Errorf("the first body is now %s", first)
	}
}

func ptr(s string) *string { return &s }

// BenchmarkHandBody encodes a hand, as a click's callback, both ways.
func BenchmarkHandBody(b *testing.B) {
	raw, err := os.ReadFile("../laro/testdata/views/laro_hand_to_discard_emojis.golden")
	if err != nil {
		b.Fatal(err)
	}
	var view struct {
		Embeds     []*discordgo.MessageEmbed `json:"embeds"`
		Components []json.RawMessage         `json:"components"`
	}
	if err := json.Unmarshal(raw, &view); err != nil {
		b.Fatal(err)
	}
	d := &discordgo.InteractionResponseData{Embeds: view.Embeds}
	for _, c := range view.Components {
		var row discordgo.ActionsRow // as the bot makes them: values, not pointers
		if err := row.UnmarshalJSON(c); err != nil {
			b.Fatal(err)
		}
		for i, c := range row.Components {
			if p, ok := c.(*discordgo.Button); ok {
				row.Components[i] = *p
			}
		}
		d.Components = append(d.Components, row)
	}
	body := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: d}
	b.Run("encoding/json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := json.Marshal(body); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("lean", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := encodeBody(body); err != nil {
				b.Fatal(err)
			}
		}
	})
}
