package laro_test

import (
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/internal/e2e"
)

// channelCalls counts the REST calls method on the channel endpoint of
// message id ("" counts posts to channel ch instead), from the from-th
// request on.
func channelCalls(w *e2e.World, from int, method, ch, id string) int {
	path := "/channels/" + ch + "/messages"
	if id != "" {
		path += "/" + id
	}
	n := 0
	for _, r := range w.Srv.Requests()[from:] {
		if r.Method == method && r.Status < 300 && strings.HasSuffix(r.Path, path) {
			n++
		}
	}
	return n
}

// channelCallsOnce is channelCalls once there has been at least one: the fake
// logs a request just after answering it, so the message it made may show
// before the request is counted.
func channelCallsOnce(w *e2e.World, from int, method, ch, id string) int {
	w.WaitRequests(method+" on the channel endpoint", from, 1, func(discordtest.Request) bool {
		return channelCalls(w, from, method, ch, id) > 0
	})
	return channelCalls(w, from, method, ch, id)
}

// TestLaroTableMessageIsTheStartClicksFollowup: the host's Start is
// answered with their hand, as before; the game's table message is a
// public follow-up on that click's token, and the game's edits of it go
// through the token, never the channel endpoint.
func TestLaroTableMessageIsTheStartClicksFollowup(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t, e2e.LongDeal(t, 2, 2))
	alice, bob := w.Player("alice"), w.Player("bob")
	players := []*e2e.Player{alice, bob}
	r, err := alice.U.Slash(w.Ch, "laro new", e2e.QuickOpts(1)...)
	e2e.Answer(t, r, err)
	lobby := w.TableMessage("Click **Join**")
	bob.Click(w.Ch.Message(lobby.ID), e2e.Button(lobby, "join", ""))
	from := len(w.Srv.Requests())
	start, err := alice.U.Click(w.Ch.Message(lobby.ID), e2e.Button(lobby, "start", ""))
	if cb := e2e.Answer(t, start, err); cb.Type != discordgo.InteractionResponseChannelMessageWithSource || !cb.Ephemeral {
		t.Fatalf("Start answered with type %d (ephemeral %v), want the host's hand as before", cb.Type, cb.Ephemeral)
	}
	fs, err := start.WaitFollowups(1, e2e.Patience)
	if err != nil {
		t.Fatal(err)
	}
	table := w.TableMessage("game 1")
	if fs[0].ID != table.ID || fs[0].Flags&discordgo.MessageFlagsEphemeral != 0 {
		t.Fatalf("Start's follow-up is %s (flags %d), the table message %s; want the table message, public", fs[0].ID, fs[0].Flags, table.ID)
	}
	if n := channelCalls(w, from, "POST", w.Ch.ID(), ""); n != 0 {
		t.Errorf("the start posted %d channel messages, want none: the table message is the follow-up", n)
	}
	for _, p := range players {
		p.OpenHand(table)
	}
	before := e2e.Text(w.Ch.Message(table.ID))
	e2e.PlayTurns(t, w, players, 2)
	if _, err := start.WaitEdited(1, e2e.Patience); err != nil {
		t.Fatalf("the table message was not edited through the Start token: %v", err)
	}
	w.WaitMessage(table.ID, "the turns on the table", func(m *discordgo.Message) bool { return e2e.Text(m) != before })
	if n := channelCalls(w, from, "PATCH", w.Ch.ID(), table.ID); n != 0 {
		t.Errorf("the table message was edited %d times through the channel endpoint, want 0", n)
	}
	w.NoFailures()
}

// TestLaroStartFollowupRefusedFallsBackToTheChannel: when Discord refuses
// the follow-up, the table message is posted through the channel, and the
// game goes on.
func TestLaroStartFollowupRefusedFallsBackToTheChannel(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t, e2e.LongDeal(t, 1, 1))
	alice := w.Player("alice")
	r, err := alice.U.Slash(w.Ch, "laro new", e2e.QuickOpts(0)...)
	e2e.Answer(t, r, err)
	lobby := w.TableMessage("Click **Join**")
	// Alone at the table, nobody else is dealt a hand through a follow-up:
	// the first follow-up is the table message's.
	w.Srv.FailRequests("POST", "/webhooks/*/*", 1, 500)
	channelCallsOnce(w, 0, "POST", w.Ch.ID(), "") // the lobby's post, logged once answered
	from := len(w.Srv.Requests())
	start, err := alice.U.Click(w.Ch.Message(lobby.ID), e2e.Button(lobby, "start", ""))
	e2e.Answer(t, start, err)
	table := w.TableMessage("game 1")
	if fs := start.Followups(); len(fs) != 0 {
		t.Errorf("Start's token shows follow-ups %v after the refusal, want none", fs)
	}
	if n := channelCallsOnce(w, from, "POST", w.Ch.ID(), ""); n != 1 {
		t.Errorf("%d channel posts, want the table message's one", n)
	}
	if table.InteractionMetadata != nil {
		t.Errorf("the table message is an interaction's message after the fallback: %+v", table.InteractionMetadata)
	}
	alice.OpenHand(table)
	if !e2e.PlayTurn(t, w, []*e2e.Player{alice}, map[string]time.Time{}) {
		t.Fatal("the game ended at once")
	}
	w.NoFailures()
}

// TestLaroThreadGameTablePostedThroughTheChannel: a follow-up goes to the
// click's channel, so a game played in a thread posts its table message
// there through the channel endpoint, as before.
func TestLaroThreadGameTablePostedThroughTheChannel(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	alice, bob := w.Player("alice"), w.Player("bob")
	from := len(w.Srv.Requests())
	_, th, table := openThreadTable(t, w, alice, bob, discordtest.IntOpt("stake", 0))
	if table.InteractionMetadata != nil {
		t.Errorf("the thread's table message is an interaction's follow-up: %+v", table.InteractionMetadata)
	}
	if n := channelCallsOnce(w, from, "POST", th.ID(), ""); n != 1 {
		t.Errorf("%d posts to the thread through the channel endpoint, want the table message's one", n)
	}
	w.NoFailures()
}
