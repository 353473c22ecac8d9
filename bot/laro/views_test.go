package laro

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/emojis"
	"github.com/cardbot/cardbot/bot/internal/golden"
	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	rules "github.com/cardbot/cardbot/engine/laro"
)

// viewSeats are the seats of every rendered view.
var viewSeats = []table.Seat{{UserID: "111", Name: "ann"}, {UserID: "222", Name: "ben"}, {Computer: true, Name: "Ada"}}

func TestViewsLaro(t *testing.T) {
	t.Parallel()
	g, err := rules.New(rules.Config{Seats: 3, Dealer: 0}, 7)
	if err != nil {
		t.Fatal(err)
	}
	first := laroHand(laroScreen{TableID: "abc123", GameNo: 1, Seats: viewSeats, View: g.View(0)})
	golden.Check(t, "laro_hand_first", first)
	// The discard pile is empty: the hand neither offers nor mentions taking it.
	if d := first.Embeds[0].Description; d != "**Your turn:** draw from the deck." {
		t.Errorf("first hand says %q, want %q", d, "**Your turn:** draw from the deck.")
	}
	for _, row := range first.Components {
		for _, c := range row.(discordgo.ActionsRow).Components {
			if b := c.(discordgo.Button); strings.HasSuffix(b.CustomID, "/draw/discard") {
				t.Errorf("first hand offers %q (%s) with an empty discard pile", b.Label, b.CustomID)
			}
		}
	}
	if err := g.Apply(rules.Draw{Seat: 0}); err != nil {
		t.Fatal(err)
	}
	if err := g.Apply(rules.Discard{Seat: 0, Card: g.Hand(0)[0]}); err != nil {
		t.Fatal(err)
	}
	settings := laroSettings{Stake: 2, Ante: 10, ClaimWindowMS: 3000, TurnTimerS: 90, GameNo: 1}
	screen := func(viewer int) laroScreen {
		return laroScreen{TableID: "abc123", GameNo: 1, Version: len(g.Log()), Seats: viewSeats, Settings: settings,
			Pot: 20, View: g.View(viewer), Events: []string{"ann drew from the deck.", "ann discarded a card."},
			Window: "LARO! can be called on the discard."}
	}
	golden.Check(t, "laro_public_claimable", laroPublic(screen(-1)))
	golden.Check(t, "laro_hand_to_draw", laroHand(screen(1)))
	// The hand to move shows it by its colour and says so; the others neither.
	for seat := range 3 {
		e := laroHand(screen(seat)).Embeds[0]
		mine := seat == 1
		if got := e.Color == ui.YourTurnColor; got != mine {
			t.Errorf("seat %d (to move: %v): turn colour %v", seat, mine, got)
		}
		if got := strings.Contains(e.Description, "Your turn"); got != mine {
			t.Errorf("seat %d (to move: %v): says your turn %v: %q", seat, mine, got, e.Description)
		}
	}
	if err := g.Apply(rules.Draw{Seat: 1}); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "laro_hand_to_discard", laroHand(screen(1)))
	withEmojis := screen(1)
	withEmojis.Emojis = emojis.Fixed(Faces()...)
	pictured := laroHand(withEmojis)
	golden.Check(t, "laro_hand_to_discard_emojis", pictured)
	// Every card button shows its card's emoji and keeps its text label.
	cardButtons := 0
	for _, row := range pictured.Components {
		for _, c := range row.(discordgo.ActionsRow).Components {
			b := c.(discordgo.Button)
			if !strings.Contains(b.CustomID, "/discard/") {
				continue
			}
			cardButtons++
			card, err := rules.ParseCard(b.Label)
			if err != nil {
				t.Fatalf("card button label %q: %v", b.Label, err)
			}
			if want, _ := cardEmoji(withEmojis.Emojis, card); b.Emoji == nil || *b.Emoji != want {
				t.Errorf("button %q shows emoji %v, want %v", b.Label, b.Emoji, want)
			}
		}
	}
	if cardButtons == 0 {
		t.Error("the hand to discard from has no card buttons")
	}
	for !g.Over() {
		a, _ := rules.Choose(rules.Computer{}, g.View(g.Turn()))
		if err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	final := screen(-1)
	final.Window, final.Result = "", []string{"ann -14", "ben +28", "🤖 Ada -14"}
	final.GameID = "0123456789abcdef"
	golden.Check(t, "laro_public_over", laroPublic(final))
}

// A hand to discard from offers one button per card it can discard: its
// Voids, which are interchangeable, share one.
func TestHandOffersOneDiscardButtonForItsVoids(t *testing.T) {
	hand, err := rules.ParseCards("C+1 C+2 T-5 S+9 S-3 V V V T+7")
	if err != nil {
		t.Fatal(err)
	}
	v := rules.View{Seat: 0, Seats: 2, Hand: hand, Laid: make([][][]rules.Card, 2), HandSizes: []int{9, 8},
		Forfeited: make([]bool, 2), Top: rules.NoCard, Turn: 0, Phase: rules.PhaseDiscard, Winner: -1}
	var labels []string
	for _, row := range laroHand(laroScreen{TableID: "abc123", GameNo: 1, Seats: viewSeats[:2], View: v}).Components {
		for _, c := range row.(discordgo.ActionsRow).Components {
			if b := c.(discordgo.Button); strings.Contains(b.CustomID, "/discard/") {
				labels = append(labels, b.Label)
			}
		}
	}
	if got, want := strings.Join(labels, " "), "●+1 ●+2 ▲−5 ■+9 ■−3 V ▲+7"; got != want {
		t.Errorf("discard buttons %q, want %q", got, want)
	}
}
