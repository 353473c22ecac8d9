package outbox

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/metrics"
	"github.com/cardbot/cardbot/bot/restpace"
	"github.com/cardbot/cardbot/bot/ui"
)

// tokenTable is one table's outbox against the fake, whose bot answers every
// click with a deferred update (6), as a click on the table message answered
// privately is (see package respond, quiet.go).
type tokenTable struct {
	srv    *discordtest.Server
	ch     *discordtest.Channel
	clock  *discordtest.FakeClock
	o      *Outbox
	clicks chan *discordgo.Interaction
	posted chan string // the IDs of fresh table messages, once the outbox knows them
}

func newTokenTable(t *testing.T, global discordtest.Limit) *tokenTable {
	t.Helper()
	tt := &tokenTable{clock: discordtest.NewFakeClock(time.Now()), clicks: make(chan *discordgo.Interaction, 4),
		posted: make(chan string, 4)}
	tt.srv = discordtest.New(t, discordtest.WithClock(tt.clock))
	limits := discordtest.DefaultRateLimits()
	limits.Global = global
	tt.srv.EnableRateLimits(limits)
	tt.ch = tt.srv.AddGuild("g").AddChannel("tables")
	s := tt.srv.Session("test-token")
	s.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		resp := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}
		if err := s.InteractionRespond(ic.Interaction, resp); err != nil {
			t.Errorf("deferred update: %v", err)
		}
		tt.clicks <- ic.Interaction
	})
	if err := s.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	d := restpace.New(global.Requests, metrics.New())
	go d.Run(ctx)
	var sends sync.WaitGroup
	tt.o = New(s, slog.New(slog.NewTextHandler(io.Discard, nil)), tt.ch.ID(), "", 40*time.Millisecond, d, &sends,
		func(id string) { tt.posted <- id })
	return tt
}

func tokenView(v string) ui.Rendering {
	return ui.Rendering{Content: v, Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "My hand", CustomID: "v1/laro/t1/1/hand", Style: discordgo.PrimaryButton},
	}}}}
}

// show sets the table message to v and waits until the channel shows it.
func (tt *tokenTable) show(t *testing.T, v string, fresh bool) *discordgo.Message {
	t.Helper()
	tt.o.SetPublic(tokenView(v), fresh)
	ms, err := tt.ch.Wait(5*time.Second, func(ms []*discordgo.Message) bool { return len(ms) > 0 && ms[len(ms)-1].Content == v })
	if err != nil {
		t.Fatalf("the table never showed %q: %v (%+v)", v, err, tt.ch.Messages())
	}
	m := ms[len(ms)-1]
	if fresh {
		// The outbox learns the new message's ID from Discord's answer,
		// which may come after the channel shows it.
		if id := <-tt.posted; id != m.ID {
			t.Fatalf("the outbox posted %s, want %s", id, m.ID)
		}
	}
	return m
}

// click has alice click the table message m and returns her click's
// response and the interaction the bot got.
func (tt *tokenTable) click(t *testing.T, m *discordgo.Message) (*discordtest.Response, *discordgo.Interaction) {
	t.Helper()
	r, err := tt.srv.User("alice").Click(tt.ch.Message(m.ID), "v1/laro/t1/1/hand")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Wait(); err != nil {
		t.Fatal(err)
	}
	return r, <-tt.clicks
}

func (tt *tokenTable) globalCalls() int {
	return tt.srv.RateLimitStats().Requests[discordtest.ScopeGlobal]
}

// TestTableMessageEditedThroughItsBoundToken: once a click's token is bound
// to the table message, every edit goes through it, outside the global
// limit, at the token's pace, with no 429; an expired token (50027) and a
// fresh table message fall back on the channel endpoint.
func TestTableMessageEditedThroughItsBoundToken(t *testing.T) {
	tt := newTokenTable(t, discordtest.Limit{Requests: 10, Per: time.Minute})
	m := tt.show(t, "v0", true)
	base := tt.globalCalls() // the post, and the session's own calls
	resp, in := tt.click(t, m)
	at, _ := discordgo.SnowflakeTimestamp(in.ID)
	if !tt.o.WantsToken(m.ID, at) {
		t.Error("the table wants no token while it has none")
	}
	tt.o.BindToken(m.ID, in, at)
	if tt.o.WantsToken(m.ID, at.Add(time.Minute)) || !tt.o.WantsToken(m.ID, at.Add(boundRenewAfter)) {
		t.Errorf("WantsToken: a minute after binding %v, %v after %v; want false, then true",
			tt.o.WantsToken(m.ID, at.Add(time.Minute)), boundRenewAfter, tt.o.WantsToken(m.ID, at.Add(boundRenewAfter)))
	}
	// Ten edits in quick succession: more than the token's bucket takes in
	// 2 s, and than the global limit left.
	for v := 1; v <= 10; v++ {
		tt.show(t, fmt.Sprint("v", v), false)
	}
	if _, err := resp.WaitEdited(10, 5*time.Second); err != nil {
		t.Errorf("edits through the click's token: %v", err)
	}
	if n := tt.globalCalls() - base; n != 0 {
		t.Errorf("%d calls against the global limit for ten token edits, want none", n)
	}
	if tm := tt.srv.RateLimitStats().TooMany; len(tm) != 0 {
		t.Errorf("429s: %v, want none", tm)
	}
	if ms := tt.ch.Messages(); len(ms) != 1 || ms[0].ID != m.ID {
		t.Errorf("channel holds %d messages, want the one table message edited", len(ms))
	}

	// Fifteen minutes later Discord refuses the token: the edit goes
	// through the channel, and the token is not tried again.
	tt.clock.Advance(15*time.Minute + time.Second)
	tt.show(t, "after 15 minutes", false)
	tt.show(t, "and again", false)
	if n := tt.globalCalls() - base; n != 2 {
		t.Errorf("%d calls against the global limit after the token expired, want 2 (two channel edits)", n)
	}

	// A token bound to the message that a fresh table message replaced
	// edits nothing.
	_, in2 := tt.click(t, m)
	at2, _ := discordgo.SnowflakeTimestamp(in2.ID)
	tt.o.BindToken(m.ID, in2, at2)
	fresh := tt.show(t, "game 2", true)
	tt.show(t, "game 2, turn 2", false)
	if got := tt.ch.Message(m.ID).Content; got != "and again" {
		t.Errorf("the old table message reads %q, want it left as it was", got)
	}
	if tt.o.WantsToken(m.ID, at2) || !tt.o.WantsToken(fresh.ID, at2) {
		t.Error("WantsToken: want only the current table message to want a token")
	}
}
