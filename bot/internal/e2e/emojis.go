package e2e

import (
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot"
	"github.com/cardbot/cardbot/bot/discordtest"
)

// CardEmojis turns the card emojis on, as the cardbot binary does.
func CardEmojis(o *bot.Options) { o.CardEmojis = true }

// EmojiUploads counts the emoji uploads the fake answered, by status: ok
// (2xx) and refused (anything else).
func (w *World) EmojiUploads() (ok, refused int) {
	for _, r := range w.Srv.Requests() {
		if r.Method == "POST" && r.Route == "/applications/{id}/emojis" {
			if r.Status < 300 {
				ok++
			} else {
				refused++
			}
		}
	}
	return ok, refused
}

// EmojiLists counts the times the bot listed the application's emojis.
func (w *World) EmojiLists() int {
	n := 0
	for _, r := range w.Srv.Requests() {
		if r.Method == "GET" && r.Route == "/applications/{id}/emojis" {
			n++
		}
	}
	return n
}

// CardButtons returns the buttons of m whose custom_id carries verb (the
// buttons that are cards: "discard" in Laro, "play" in Laus).
func CardButtons(m *discordgo.Message, verb string) []discordgo.Button {
	var out []discordgo.Button
	for _, b := range discordtest.Buttons(m) {
		if strings.Contains(b.CustomID, "/"+verb+"/") {
			out = append(out, b)
		}
	}
	return out
}

// RefreshUntil clicks the hand's Refresh button, at least once, until cond
// holds for the hand it shows, for up to 60 s (the faces are drawn and
// uploaded in the background, which under -race on a busy machine takes a
// while).
func (p *Player) RefreshUntil(hand *discordgo.Message, what string, cond func(*discordgo.Message) bool) *discordgo.Message {
	p.T.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for first := true; first || !cond(hand); first = false {
		if time.Now().After(deadline) {
			p.T.Fatalf("%s: the hand never showed %s:\n%s", p.U.Name(), what, Text(hand))
		}
		if !first {
			time.Sleep(100 * time.Millisecond)
		}
		cb := p.Click(hand, Button(hand, "refresh", "*"))
		if cb.Message != nil && len(cb.Message.Components) > 0 {
			hand = cb.Message
		} else {
			hand = p.Hand()
		}
	}
	return hand
}
