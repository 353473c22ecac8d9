package laro_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/internal/e2e"
	"github.com/cardbot/cardbot/bot/laro"
	rules "github.com/cardbot/cardbot/engine/laro"
)

// faces is how many distinct card faces both games have: 60 suited Laro
// cards, the Void, and 32 Laus cards.
const faces = 60 + 1 + 32

// showsEmojis reports whether every card button of a hand shows an emoji.
func showsEmojis(m *discordgo.Message) bool {
	bs := e2e.CardButtons(m, "discard")
	for _, b := range bs {
		if b.Emoji == nil || b.Emoji.ID == "" {
			return false
		}
	}
	return len(bs) > 0
}

// soloToDiscard opens a solo table for alice and draws, so her hand shows
// the cards she may discard.
func soloToDiscard(t *testing.T, w *e2e.World) (*e2e.Player, *discordgo.Message) {
	alice := w.Player("alice")
	r, err := alice.U.Slash(w.Ch, "laro new", e2e.QuickOpts(0)...)
	e2e.Answer(t, r, err)
	lobby := w.TableMessage("Click **Join**")
	alice.Click(lobby, e2e.Button(lobby, "start", ""))
	hand := alice.OpenHand(w.TableMessage("game 1"))
	alice.Click(hand, e2e.Button(hand, "draw", "deck"))
	return alice, alice.WaitHand("discard buttons", func(m *discordgo.Message) bool { return e2e.Button(m, "discard", "*") != "" })
}

// checkCardEmojis asserts every card button shows the emoji of its own card,
// one the application owns, and keeps the card's text as its label.
func checkCardEmojis(t *testing.T, w *e2e.World, hand *discordgo.Message) {
	t.Helper()
	owned := map[string]string{}
	for _, e := range w.Srv.ApplicationEmojis() {
		owned[e.ID] = e.Name
	}
	for _, b := range e2e.CardButtons(hand, "discard") {
		card, err := rules.ParseCard(b.Label)
		if err != nil {
			t.Fatalf("card button label %q is not the card's text: %v", b.Label, err)
		}
		if b.Emoji == nil || owned[b.Emoji.ID] == "" {
			t.Fatalf("button %q shows emoji %+v, want one the application owns", b.Label, b.Emoji)
		}
		if name := owned[b.Emoji.ID]; !strings.HasPrefix(name, laro.FaceKey(card)+"_") || b.Emoji.Name != name {
			t.Errorf("button %q shows emoji %q (%s), want the face of %s", b.Label, b.Emoji.Name, name, laro.FaceKey(card))
		}
	}
}

// laroEmoji matches a Laro card's emoji inline in a message.
var laroEmoji = regexp.MustCompile(`<:(circle|triangle|square|void)_[a-z0-9_]+:\d+>`)

func TestLaroCardEmojisOnButtonsAndARestartUploadsNothing(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t, e2e.CardEmojis)
	alice, hand := soloToDiscard(t, w)
	hand = alice.RefreshUntil(hand, "card emojis on its buttons", showsEmojis)
	checkCardEmojis(t, w, hand)
	if cards := hand.Embeds[0].Fields[0].Value; !laroEmoji.MatchString(cards) {
		t.Errorf("the hand's cards are not shown as emojis:\n%s", cards)
	}
	if got := len(w.Srv.ApplicationEmojis()); got != faces {
		t.Errorf("the application owns %d emojis, want one per face, %d", got, faces)
	}
	ok, refused := w.EmojiUploads()
	if ok != faces || refused != 0 {
		t.Errorf("uploads: %d accepted, %d refused; want %d and 0", ok, refused, faces)
	}

	// A restart lists the emojis again and uploads nothing; the rebuilt
	// table shows the same pictures.
	w.Restart()
	hand = alice.RefreshUntil(alice.Hand(), "card emojis after the restart", showsEmojis)
	checkCardEmojis(t, w, hand)
	if ok2, _ := w.EmojiUploads(); ok2 != ok {
		t.Errorf("the restart uploaded %d emojis, want none", ok2-ok)
	}
	if n := w.EmojiLists(); n != 2 {
		t.Errorf("the emojis were listed %d times, want once per start (2)", n)
	}

	// The table plays with emojis on its buttons, to the end.
	alice.Click(hand, e2e.Button(hand, "discard", e2e.ChooseDiscard(e2e.CardsOf(t, hand)).String()))
	final := e2e.PlayToEnd(t, w, []*e2e.Player{alice})
	if strings.Contains(final, "wins with") && !laroEmoji.MatchString(final) {
		t.Errorf("the winning clusters are not shown as emojis:\n%s", final)
	}
	w.NoFailures()
}

func TestLaroCardsFallBackToTextWhenUploadsAreRefused(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	w.Srv.RefuseEmojiUploads(true)
	w.Opts.CardEmojis = true
	w.Restart()
	alice, hand := soloToDiscard(t, w)
	// Wait until the bot has tried and been refused, then look again.
	deadline := time.Now().Add(60 * time.Second)
	for _, refused := w.EmojiUploads(); refused == 0; _, refused = w.EmojiUploads() {
		if time.Now().After(deadline) {
			t.Fatal("the bot never tried to upload the card emojis")
		}
		time.Sleep(10 * time.Millisecond)
	}
	cb := alice.Click(hand, e2e.Button(hand, "refresh", "*"))
	hand = cb.Message
	bs := e2e.CardButtons(hand, "discard")
	if len(bs) == 0 {
		t.Fatalf("no card buttons:\n%s", e2e.Text(hand))
	}
	for _, b := range bs {
		if b.Emoji != nil {
			t.Errorf("button %q shows emoji %+v though no upload was accepted", b.Label, b.Emoji)
		}
		if _, err := rules.ParseCard(b.Label); err != nil {
			t.Errorf("button label %q is not a card's text: %v", b.Label, err)
		}
	}
	if cards := hand.Embeds[0].Fields[0].Value; !e2e.PublicCard.MatchString(cards) || strings.Contains(cards, "<:") {
		t.Errorf("the hand should show its cards as text:\n%s", cards)
	}
	if ok, refused := w.EmojiUploads(); ok != 0 || refused != 1 {
		t.Errorf("uploads: %d accepted, %d refused; want 0 and 1 (the bot stops at the first refusal)", ok, refused)
	}

	// Once Discord accepts uploads, the next start brings the pictures.
	w.Srv.RefuseEmojiUploads(false)
	w.Restart()
	hand = alice.Hand()
	hand = alice.RefreshUntil(hand, "card emojis after a start that could upload", showsEmojis)
	checkCardEmojis(t, w, hand)
	w.NoFailures()
}
