package bot_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"sync"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot"
	"github.com/cardbot/cardbot/bot/internal/e2e"
)

// TestLeanDecodeMatchesDiscordgo plays the start of a Laro game and checks
// every INTERACTION_CREATE the fake Discord sent: the bot's decodings (on
// the connection for a click, by encoding/json otherwise) give what
// discordgo's full decoding gives, except the clicked message's content,
// embeds and components, which the bot never reads. The clicks must have
// reached discordgo parked, as tickets (gatewaypark.go).
func TestLeanDecodeMatchesDiscordgo(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	w.Srv.Record("INTERACTION_CREATE")
	var mu sync.Mutex
	tickets := 0
	w.Session.AddHandler(func(_ *discordgo.Session, e *discordgo.Event) {
		if e.Type == "INTERACTION_CREATE" && bytes.HasPrefix(e.RawData, []byte(`{"cardbot_parked":`)) {
			mu.Lock()
			tickets++
			mu.Unlock()
		}
	})
	alice, bob := w.Player("alice"), w.Player("bob")
	e2e.OpenTable(t, w, alice, []*e2e.Player{bob})
	mover := alice
	if e2e.Button(mover.Hand(), "draw", "deck") == "" {
		mover = bob
	}
	hand := mover.Hand()
	mover.Click(hand, e2e.Button(hand, "draw", "deck"))

	var commands, public, private int
	for _, raw := range w.Srv.Recorded("INTERACTION_CREATE") {
		var full discordgo.InteractionCreate
		if err := json.Unmarshal(raw, &full); err != nil {
			t.Fatalf("discordgo cannot decode %s: %v", raw, err)
		}
		lean, err := bot.DecodeGatewayInteraction(raw)
		if err != nil {
			t.Fatalf("the bot cannot decode %s: %v", raw, err)
		}
		switch m := full.Message; {
		case full.Type == discordgo.InteractionApplicationCommand:
			commands++
		case m == nil:
			t.Fatalf("a click on no message: %s", raw)
		case m.Flags&discordgo.MessageFlagsEphemeral != 0 && m.InteractionMetadata != nil:
			private++
		default:
			public++
		}
		if m := full.Message; m != nil {
			full.Message = &discordgo.Message{ID: m.ID, ChannelID: m.ChannelID, GuildID: m.GuildID, Author: m.Author,
				Flags: m.Flags, WebhookID: m.WebhookID, InteractionMetadata: m.InteractionMetadata}
		}
		if !reflect.DeepEqual(lean.Interaction, full.Interaction) {
			t.Errorf("decoded differently:\nbot       %+v\ndiscordgo %+v", *lean.Interaction, *full.Interaction)
		}
		if full.Type != discordgo.InteractionMessageComponent {
			continue
		}
		if fast := bot.DecodeClickFast(raw); fast == nil {
			t.Errorf("the connection does not decode the click %s", raw)
		} else if !reflect.DeepEqual(fast.Interaction, full.Interaction) {
			t.Errorf("the connection decodes differently:\nbot       %+v\ndiscordgo %+v", *fast.Interaction, *full.Interaction)
		}
	}
	// /laro new; Join and Start on the lobby, My hand twice on the table;
	// the draw on a hand.
	if commands != 1 || public != 4 || private != 1 {
		t.Errorf("saw %d commands, %d clicks on public messages, %d on hands; want 1, 4, 1", commands, public, private)
	}
	mu.Lock()
	defer mu.Unlock()
	if tickets != public+private {
		t.Errorf("%d of the %d clicks reached discordgo parked", tickets, public+private)
	}
}

// handClick is an INTERACTION_CREATE of a click on a Laro hand, as the fake
// Discord sends it: the hand message comes whole with the click.
func handClick(b testing.TB) []byte {
	b.Helper()
	hand := &discordgo.Message{ID: "1400000000000000010", ChannelID: "1400000000000000002", GuildID: "1400000000000000001",
		Flags: discordgo.MessageFlagsEphemeral, Content: "**Your hand** · game 1 · your turn: draw from the deck or take the discard",
		InteractionMetadata: &discordgo.MessageInteractionMetadata{ID: "1400000000000000009", Type: discordgo.InteractionMessageComponent},
		Author:              &discordgo.User{ID: "1400000000000000003", Username: "cardbot", Bot: true}}
	for range 3 {
		hand.Embeds = append(hand.Embeds, &discordgo.MessageEmbed{Title: "Hand", Description: "<:c7h:1400000000000000100> <:c8h:1400000000000000101> <:c9h:1400000000000000102> <:cjs:1400000000000000103> <:cqs:1400000000000000104> <:cks:1400000000000000105> <:cas:1400000000000000106>"})
	}
	for r := range 4 {
		row := discordgo.ActionsRow{}
		for c := range 5 {
			row.Components = append(row.Components, discordgo.Button{Label: "7♥", Style: discordgo.SecondaryButton,
				CustomID: "v1/laro/1400000000000000011/12/discard/" + string(rune('a'+r)) + string(rune('a'+c)),
				Emoji:    &discordgo.ComponentEmoji{ID: "1400000000000000100", Name: "c7h"}})
		}
		hand.Components = append(hand.Components, row)
	}
	comps, err := json.Marshal(hand.Components)
	if err != nil {
		b.Fatal(err)
	}
	msg, err := json.Marshal(hand)
	if err != nil {
		b.Fatal(err)
	}
	// discordgo.Message leaves its components out of its JSON: put them back.
	msg = append(append(append(msg[:len(msg)-1], `,"components":`...), comps...), '}')
	i := &discordgo.Interaction{ID: "1400000000000000012", AppID: "1400000000000000003", Type: discordgo.InteractionMessageComponent,
		Data:    discordgo.MessageComponentInteractionData{CustomID: "v1/laro/1400000000000000011/12/draw/deck", ComponentType: discordgo.ButtonComponent},
		GuildID: "1400000000000000001", ChannelID: "1400000000000000002", AppPermissions: 1 << 40,
		Member: &discordgo.Member{User: &discordgo.User{ID: "1400000000000000004", Username: "alice"}, Permissions: 1 << 40},
		Token:  "aW50ZXJhY3Rpb246MTQwMDAwMDAwMDAwMDAwMDAxMjpzZWNyZXQtdG9rZW4tdGhhdC1pcy1sb25n", Version: 1}
	frame, err := json.Marshal(struct {
		*discordgo.Interaction
		Message json.RawMessage `json:"message"`
	}{i, msg})
	if err != nil {
		b.Fatal(err)
	}
	return frame
}

// BenchmarkDecodeClick compares decoding a click on a hand by discordgo and
// by the bot.
func BenchmarkDecodeClick(b *testing.B) {
	frame := handClick(b)
	b.Run("discordgo", func(b *testing.B) {
		b.SetBytes(int64(len(frame)))
		b.ReportAllocs()
		for b.Loop() {
			var ic discordgo.InteractionCreate
			if err := json.Unmarshal(frame, &ic); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("bot", func(b *testing.B) {
		b.SetBytes(int64(len(frame)))
		b.ReportAllocs()
		for b.Loop() {
			if _, err := bot.DecodeGatewayInteraction(frame); err != nil {
				b.Fatal(err)
			}
		}
	})
}
