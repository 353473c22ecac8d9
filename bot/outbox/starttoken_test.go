package outbox

import (
	"slices"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
)

// TestFreshTableMessagePostedThroughTheStartToken: a game's fresh table
// message waits for the answer to the click that started the game, goes
// as a public follow-up on its token and is edited through it, all outside
// the global limit; a click whose answer was not shown leaves the post to
// the channel endpoint.
func TestFreshTableMessagePostedThroughTheStartToken(t *testing.T) {
	tt := newTokenTable(t, discordtest.Limit{Requests: 10, Per: time.Minute})
	lobby := tt.show(t, "lobby", true)
	base := tt.globalCalls()
	start, in := tt.click(t, lobby)
	at, _ := discordgo.SnowflakeTimestamp(in.ID)

	settle := tt.o.PostThrough(in, tt.ch.ID(), at)
	tt.o.SetPublic(tokenView("game 1"), true)
	settle(true) // the click's answer reached Discord: now the follow-up may go
	game := tt.show(t, "game 1", false)
	if id := <-tt.posted; id != game.ID {
		t.Fatalf("the outbox posted %s, want %s", id, game.ID)
	}
	if fs := start.Followups(); len(fs) != 1 || fs[0].ID != game.ID || fs[0].Flags&discordgo.MessageFlagsEphemeral != 0 {
		t.Fatalf("the start click's follow-ups %v, want the public table message %s", fs, game.ID)
	}
	for _, v := range []string{"turn 2", "turn 3", "turn 4"} {
		tt.show(t, v, false)
	}
	if _, err := start.WaitEdited(3, 5*time.Second); err != nil {
		t.Errorf("edits through the start click's token: %v", err)
	}
	if n := tt.globalCalls() - base; n != 0 {
		t.Errorf("%d calls against the global limit for the post and three edits, want none", n)
	}
	if tm := tt.srv.RateLimitStats().TooMany; len(tm) != 0 {
		t.Errorf("429s: %v, want none", tm)
	}

	// The next game's start click is not shown (Discord refused its
	// answer): no follow-up on its token, the channel posts the table.
	again, in2 := tt.click(t, game)
	at2, _ := discordgo.SnowflakeTimestamp(in2.ID)
	settle = tt.o.PostThrough(in2, tt.ch.ID(), at2)
	tt.o.SetPublic(tokenView("game 2"), true)
	settle(false)
	tt.show(t, "game 2", false)
	<-tt.posted
	if fs := again.Followups(); len(fs) != 0 {
		t.Errorf("a click whose answer was not shown has follow-ups %v", fs)
	}
	if n := tt.globalCalls() - base; n != 1 {
		t.Errorf("%d calls against the global limit, want 1: game 2's channel post", n)
	}

	// A start click in another channel (the game moved into a thread) arms
	// nothing.
	settle = tt.o.PostThrough(in2, "elsewhere", at2)
	settle(true)
	tt.o.mu.Lock()
	armed := tt.o.start != nil
	tt.o.mu.Unlock()
	if armed {
		t.Error("a click in another channel than the table's armed a follow-up")
	}
}

// TestFreshTableMessageWaitsForTheStartAnswerWhateverElseIsDue: the lobby's
// last edit is queued before the game's fresh table message is set, so the
// pacer can find the outbox due (for that edit) while the fresh message is
// still held for the start click's answer. The call it then makes must not
// post the table message through the channel before the answer is shown.
// (Seen in bot/laro's TestLaroTableMessageIsTheStartClicksFollowup: 3 runs
// in 20 under -race posted the table message 4–27 ms after Start, through
// the channel, because the answer had not come yet.)
func TestFreshTableMessageWaitsForTheStartAnswerWhateverElseIsDue(t *testing.T) {
	tt := newTokenTable(t, discordtest.Limit{Requests: 10, Per: time.Minute})
	lobby := tt.show(t, "lobby", true)
	start, in := tt.click(t, lobby)
	at, _ := discordgo.SnowflakeTimestamp(in.ID)
	base := len(tt.ch.Messages())

	settle := tt.o.PostThrough(in, tt.ch.ID(), at)
	tt.o.FinalEdit(tt.ch.ID(), lobby.ID, tokenView("the game is below"))
	tt.o.SetPublic(tokenView("game 1"), true)
	// The pacer's call, as made for the lobby's edit: the table message waits.
	(*paced)(tt.o).SendOne()
	if n := len(tt.ch.Messages()); n != base {
		t.Fatalf("%d new channel messages before the start click's answer was shown, want none: %+v", n-base, tt.ch.Messages())
	}
	settle(true)
	game := tt.show(t, "game 1", false)
	if fs := start.Followups(); len(fs) != 1 || fs[0].ID != game.ID {
		t.Fatalf("the start click's follow-ups %v, want the table message %s", fs, game.ID)
	}
}

// TestLobbysLastEditGoesThroughItsToken: when a game starts, its lobby's last
// edit ("the game is below") goes through the token a Join left bound to the
// lobby, like the game's own table message through the Start click's, so that
// no call of the start waits for the global limit. Through the channel, that
// one edit took the outbox's one call into the budget's queue with a thousand
// other lobbies', and every table edit behind it (table lag p99 3.7 s).
func TestLobbysLastEditGoesThroughItsToken(t *testing.T) {
	tt := newTokenTable(t, discordtest.Limit{Requests: 10, Per: time.Minute})
	lobby := tt.show(t, "lobby", true)
	join, in := tt.click(t, lobby)
	at, _ := discordgo.SnowflakeTimestamp(in.ID)
	tt.o.BindToken(lobby.ID, in, at)
	start, in2 := tt.click(t, lobby)
	at2, _ := discordgo.SnowflakeTimestamp(in2.ID)
	base := tt.globalCalls()

	settle := tt.o.PostThrough(in2, tt.ch.ID(), at2)
	tt.o.FinalEdit(tt.ch.ID(), lobby.ID, tokenView("the game is below"))
	tt.o.SetPublic(tokenView("game 1"), true)
	settle(true)
	game := tt.show(t, "game 1", false)
	if id := <-tt.posted; id != game.ID {
		t.Fatalf("the outbox posted %s, want %s", id, game.ID)
	}
	for _, v := range []string{"turn 2", "turn 3"} {
		tt.show(t, v, false)
	}
	if _, err := tt.ch.Wait(5*time.Second, func(ms []*discordgo.Message) bool {
		return slices.ContainsFunc(ms, func(m *discordgo.Message) bool { return m.ID == lobby.ID && m.Content == "the game is below" })
	}); err != nil {
		t.Fatalf("the lobby never got its last edit: %v", err)
	}
	if _, err := join.WaitEdited(1, 5*time.Second); err != nil {
		t.Errorf("the lobby's last edit did not go through the Join's token: %v", err)
	}
	if _, err := start.WaitEdited(2, 5*time.Second); err != nil {
		t.Errorf("the game's edits through the Start click's token: %v", err)
	}
	if n := tt.globalCalls() - base; n != 0 {
		t.Errorf("%d calls against the global limit for the start, the lobby's last edit and two turns, want none", n)
	}
}
