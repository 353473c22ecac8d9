package laus_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/internal/e2e"
	"github.com/cardbot/cardbot/bot/laus"
	rules "github.com/cardbot/cardbot/engine/laus"
)

// playsWithEmojis reports whether every card a hand offers to play shows
// an emoji.
func playsWithEmojis(m *discordgo.Message) bool {
	bs := e2e.CardButtons(m, "play")
	for _, b := range bs {
		if b.Emoji == nil || b.Emoji.ID == "" {
			return false
		}
	}
	return len(bs) > 0
}

func TestLausCardEmojisOnButtonsAndInTheSummary(t *testing.T) {
	w := e2e.NewWorld(t, e2e.CardEmojis)
	alice, bob, carol := w.Player("alice"), w.Player("bob"), w.Player("carol")
	players := []*e2e.Player{alice, bob, carol}
	r, err := alice.U.Slash(w.Ch, "laus new", discordtest.IntOpt("target", 1500), discordtest.IntOpt("turn_timer", 600))
	e2e.Answer(t, r, err)
	lobby := w.TableMessage("Click **Join**")
	bob.Click(lobby, e2e.Button(lobby, "join", "*"))
	carol.Click(w.Ch.Message(lobby.ID), e2e.Button(lobby, "join", "*"))
	lobby = w.TableMessage(e2e.Named(carol))
	alice.Click(lobby, e2e.Button(lobby, "start", "*"))
	table := w.TableMessage("match 1 · round 1")
	for _, p := range players {
		p.OpenHand(table)
	}

	owned := map[string]string{}
	checked, skatTurns := false, 0
	for moves := 0; ; moves++ {
		if moves > 200 {
			t.Fatal("no round summary after 200 moves")
		}
		if hasSummary(w, 1) {
			break
		}
		p, hand := e2e.LausMover(t, w, players)
		if p == nil {
			// Queen bonuses and doublings can end a match in its first
			// round; its summary follows.
			break
		}

		if !checked && e2e.Button(hand, "play", "*") != "" {
			hand = p.RefreshUntil(hand, "card emojis on the cards to play", playsWithEmojis)
			for _, e := range w.Srv.ApplicationEmojis() {
				owned[e.ID] = e.Name
			}
			for _, b := range e2e.CardButtons(hand, "play") {
				card, err := rules.ParseCard(b.Label)
				if err != nil {
					t.Fatalf("card button label %q is not the card's text: %v", b.Label, err)
				}
				if name := owned[b.Emoji.ID]; !strings.HasPrefix(name, laus.FaceKey(card)+"_") {
					t.Errorf("button %q shows emoji %q, want the face of %s", b.Label, name, laus.FaceKey(card))
				}
			}
			checked = true
		}
		e2e.LausMove(t, p, hand, &skatTurns)
	}
	if !checked {
		t.Fatal("no hand ever offered a card to play")
	}
	waitSummary(t, w, 1)
	ms, _ := summaries(w, 1, 1)
	summary := ms[0]
	if !regexp.MustCompile(`<:(seven|eight|nine|ten|jack|queen|king|ace)_(clubs|spades|hearts|diamonds)_`).MatchString(e2e.Text(summary)) {
		t.Errorf("the round summary shows no card emojis:\n%s", e2e.Text(summary))
	}
	w.NoFailures()
}
