package laus_test

import (
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot"
	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/internal/e2e"
	"github.com/cardbot/cardbot/store"
)

// TestLausTableOfAServerThatRemovedTheBotCloses: an admin removes the bot
// from the server mid-match (GUILD_DELETE): the match ends as abandoned,
// the player is told on their hand, and nothing more is sent there.
func TestLausTableOfAServerThatRemovedTheBotCloses(t *testing.T) {
	w := e2e.NewWorld(t)
	alice := w.Player("alice")
	lausSoloTable(t, w, alice, 100, 600)
	alice.OpenHand(w.TableMessage("match 1 · round 1"))
	g := e2e.LiveGame(t, w, store.KindLaus)

	w.Guild.RemoveBot()
	c := e2e.WaitAbandoned(t, w, g.ID, 5*time.Second)
	if !strings.Contains(c.Reason, "removed from the server") {
		t.Errorf("the closure says %q, want the bot's removal", c.Reason)
	}
	alice.WaitPrivate("cardbot was removed from the server")
	if live, _ := w.St.LiveGames(t.Context()); len(live) != 0 {
		t.Errorf("%d live games after the removal, want none", len(live))
	}
	// The computers may have been moving until the bot heard of its
	// removal; from the table's closure on, nothing goes there.
	closed := time.Now()
	time.Sleep(time.Second) // an observation window: two of the table's back-offs
	for _, r := range e2e.RequestsTo(w, w.Ch, closed) {
		t.Errorf("a request went to the server that removed the bot: %s %s -> %d", r.Method, r.Path, r.Status)
	}
	w.NoFailures()
}

// TestLausMatchWhoseChannelIsHiddenCloses: the bot loses sight of the
// channel (50001 Missing Access) as a match starts, so its first table
// message is refused: after the grace the table is closed and its players
// are free to open a table elsewhere.
func TestLausMatchWhoseChannelIsHiddenCloses(t *testing.T) {
	w := e2e.NewWorld(t, func(o *bot.Options) { o.UnreachableAfter = 1500 * time.Millisecond })
	alice, bob := w.Player("alice"), w.Player("bob")
	r, err := alice.U.Slash(w.Ch, "laus new")
	e2e.Answer(t, r, err)
	lobby := w.TableMessage("Click **Join**")
	bob.Click(lobby, e2e.Button(lobby, "join", "*"))
	alice.Click(lobby, e2e.Button(lobby, "computer", "*"))
	g := e2e.LiveGame(t, w, store.KindLaus)

	w.Ch.SetBotPermissions(discordtest.DefaultBotPermissions &^ discordgo.PermissionViewChannel)
	alice.Click(lobby, e2e.Button(lobby, "start", "*"))
	c := e2e.WaitAbandoned(t, w, g.ID, 3*time.Second) // a minute in production time
	if !strings.Contains(c.Reason, "may no longer post") {
		t.Errorf("the closure says %q", c.Reason)
	}
	other := w.Guild.AddChannel("more-tables")
	for _, p := range []*e2e.Player{alice, bob} {
		r, err := p.U.Slash(other, "laus new")
		if got := e2e.Text(e2e.Answer(t, r, err).Message); !strings.Contains(got, "is open") {
			t.Errorf("after the table closed, %s's /laus new answered %q", p.U.Name(), got)
		}
	}
	w.NoFailures()
}
