package laus_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/internal/e2e"
)

func TestLausTurnNoticeInTheGamesThread(t *testing.T) {
	w := e2e.NewWorld(t)
	w.SetTurnNotice(0) // at once: the test need not wait out a delay
	alice := w.Player("alice")
	r, err := alice.U.Slash(w.Ch, "laus new", discordtest.BoolOpt("thread", true))
	e2e.Answer(t, r, err)
	lobby := w.TableMessage("Laus · table")
	alice.Click(lobby, e2e.Button(lobby, "computer", "*"))
	alice.Click(lobby, e2e.Button(lobby, "computer", "*"))
	alice.Click(lobby, e2e.Button(lobby, "start", "*"))
	th := w.Thread(w.Ch, 1)

	// The seated person (not the computers) is added to the game's thread,
	// so that it shows in their channel list and its pings reach them.
	members, err := th.WaitMembers(5*time.Second, func(m []string) bool { return len(m) > 0 })
	if err != nil || !slices.Equal(members, []string{alice.U.ID()}) {
		t.Fatalf("the thread's members are %v (%v), want only alice", members, err)
	}

	table := w.MessageIn(th, "round 1")
	alice.OpenHand(table)
	p, hand := e2e.LausMover(t, w, []*e2e.Player{alice})
	if p == nil {
		t.Fatal("the match ended before alice's first turn")
	}
	// Her turn: one message in the thread pings her alone and says what
	// to press; the channel outside the thread pings nobody.
	n := w.WaitNotice(th, alice)
	if a := th.AllowedMentions(n.ID); a == nil || !slices.Equal(a.Users, []string{alice.U.ID()}) || len(a.Parse) != 0 {
		t.Errorf("the notice's allowed_mentions = %+v, want users [alice] and nothing parsed", a)
	}
	link := "https://discord.com/channels/" + w.Guild.ID() + "/" + th.ID() + "/" + table.ID
	if !strings.Contains(n.Content, "your turn at Laus") || !strings.Contains(n.Content, "press 🃏 My hand") ||
		!strings.Contains(n.Content, link) {
		t.Errorf("the notice says %q, want her turn at Laus, 🃏 My hand and the link %s", n.Content, link)
	}
	if got := e2e.NoticesIn(w.Ch.Messages()); len(got) != 0 {
		t.Errorf("the channel outside the thread shows %d pings", len(got))
	}

	pinged := map[string]bool{}
	for _, m := range th.History() {
		if e2e.Pings(m, alice.U.ID()) {
			pinged[m.ID] = true
		}
	}
	if len(pinged) != 1 {
		t.Errorf("alice was pinged by %d messages in her turn, want 1", len(pinged))
	}

	// Her move deletes it.
	skatTurns := 0
	e2e.LausMove(t, alice, hand, &skatTurns)
	w.WaitGone(th, n.ID, "alice's notice after her move")
	w.NoFailures()
}
