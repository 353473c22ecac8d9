package laro_test

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/internal/e2e"
)

// TestLaroNewcomerPlaysAgainstComputers is someone who never read the
// rules: they open a table, do what the lobby says to play for free (add
// computer players), press Start, and play from the hand that arrives by
// itself, never pressing My hand. The channel gets the lobby and the table
// message, nothing else.
func TestLaroNewcomerPlaysAgainstComputers(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	alice := w.Player("alice")
	r, err := alice.U.Slash(w.Ch, "laro new", e2e.QuickOpts(5)...)
	e2e.Answer(t, r, err)
	lobby := w.TableMessage("Click **Join**")
	if text := e2e.Text(lobby); !strings.Contains(text, "Free to try") || !strings.Contains(text, "**Add computer**") {
		t.Fatalf("the lobby does not say how to play for free:\n%s", text)
	}
	alice.Click(lobby, e2e.Button(lobby, "computer", ""))
	alice.Click(w.Ch.Message(lobby.ID), e2e.Button(lobby, "computer", ""))
	// Start answers her with her hand, privately: she never presses My hand.
	dealt := alice.Click(w.Ch.Message(lobby.ID), e2e.Button(lobby, "start", "")).Message
	if dealt == nil || dealt.Flags&discordgo.MessageFlagsEphemeral == 0 || !strings.HasPrefix(dealt.Embeds[0].Title, "Your hand") ||
		!strings.Contains(e2e.Text(dealt), "The game has started") {
		t.Fatalf("Start did not answer alice with her private hand:\n%s", e2e.Text(dealt))
	}
	table := w.TableMessage("game 1")
	if !strings.Contains(e2e.Text(table), "press 🃏 **My hand**") {
		t.Errorf("the first table message does not say to press My hand:\n%s", e2e.Text(table))
	}
	w.TableMessage("Game 1 has started") // the lobby's last words

	final := e2e.PlayToEnd(t, w, []*e2e.Player{alice})
	if !strings.Contains(final, "wins") && !strings.Contains(final, "no winner") {
		t.Fatalf("no result:\n%s", final)
	}
	// She played every turn on the message dealt at Start: the table edited
	// it, and she never needed another.
	for _, m := range alice.U.Ephemeral() {
		if len(m.Embeds) > 0 && strings.HasPrefix(m.Embeds[0].Title, "Your hand") && m.ID != dealt.ID {
			t.Errorf("a second hand message appeared: alice was made to open her hand:\n%s", e2e.Text(m))
		}
	}
	if posted := channelPosts(w); posted > 2 {
		t.Errorf("a Laro game posted %d channel messages, want at most 2 (lobby and table)", posted)
	}
	w.NoFailures()
}

// TestLaroHandsArriveAtStart: a player who joined gets their hand when the
// host starts, through their Join click, and both play the whole game on
// the hands that arrived at Start, never pressing My hand.
func TestLaroHandsArriveAtStart(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	alice, bob := w.Player("alice"), w.Player("bob")
	r, err := alice.U.Slash(w.Ch, "laro new", e2e.QuickOpts(1)...)
	e2e.Answer(t, r, err)
	lobby := w.TableMessage("Click **Join**")
	bob.Click(lobby, e2e.Button(lobby, "join", ""))
	if bob.Hand() != nil {
		t.Fatal("bob has a hand before the start")
	}
	alice.Click(w.Ch.Message(lobby.ID), e2e.Button(lobby, "start", ""))
	// bob's arrives as a follow-up of his Join click: by the time the
	// table message is up, it is there.
	w.TableMessage("game 1")
	dealt := bob.Hand()
	if dealt == nil || dealt.Flags&discordgo.MessageFlagsEphemeral == 0 || !strings.Contains(e2e.Text(dealt), "The game has started") {
		t.Fatalf("bob got no private hand at the start:\n%s", e2e.Text(dealt))
	}
	hands := map[*e2e.Player]string{alice: alice.Hand().ID, bob: dealt.ID}
	e2e.PlayToEnd(t, w, []*e2e.Player{alice, bob})
	for p, id := range hands {
		for _, m := range p.U.Ephemeral() {
			if len(m.Embeds) > 0 && strings.HasPrefix(m.Embeds[0].Title, "Your hand") && m.ID != id {
				t.Errorf("%s was given a second hand message: the one from the start stopped serving", p.U.Name())
			}
		}
	}
	w.NoFailures()
}

// channelPosts counts the messages ever posted in the test's channel,
// including any deleted since.
func channelPosts(w *e2e.World) int {
	ids := map[string]bool{}
	for _, m := range w.Ch.History() {
		ids[m.ID] = true
	}
	return len(ids)
}
