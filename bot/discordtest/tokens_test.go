package discordtest_test

import (
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
)

// What a bot that edits a public message through interaction tokens relies
// on: which message "@original" denotes for each callback type, a private
// follow-up on the same token, the token's 15 minutes, and its own buckets.

// clicker posts a table message in a fresh server whose bot answers every
// click with typ, and returns the table message and a function that has
// alice click Join on it and returns the click and the interaction the bot
// received.
func clicker(t *testing.T, typ discordgo.InteractionResponseType, opts ...discordtest.Option) (*discordtest.Server, *discordgo.Session, *discordgo.Message, func() (*discordtest.Response, *discordgo.Interaction)) {
	t.Helper()
	got := make(chan *discordgo.Interaction, 1)
	srv, ch, dg := setup(t, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		resp := &discordgo.InteractionResponse{Type: typ}
		switch typ {
		case discordgo.InteractionResponseUpdateMessage:
			next := tableMessage("alice joined", false)
			resp.Data = &discordgo.InteractionResponseData{Content: next.Content, Components: next.Components}
		case discordgo.InteractionResponseChannelMessageWithSource:
			resp.Data = &discordgo.InteractionResponseData{Content: "your hand", Flags: discordgo.MessageFlagsEphemeral}
		}
		if err := s.InteractionRespond(i.Interaction, resp); err != nil {
			t.Errorf("InteractionRespond type %d: %v", typ, err)
		}
		got <- i.Interaction
	}, opts...)
	table, err := dg.ChannelMessageSendComplex(ch.ID(), tableMessage("table open", false))
	if err != nil {
		t.Fatal(err)
	}
	click := func() (*discordtest.Response, *discordgo.Interaction) {
		t.Helper()
		resp, err := srv.User("alice").Click(ch.Message(table.ID), "v1/join")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := resp.Wait(); err != nil {
			t.Fatal(err)
		}
		return resp, <-got
	}
	return srv, dg, table, click
}

// clickAnswered is clicker with one click made.
func clickAnswered(t *testing.T, typ discordgo.InteractionResponseType, opts ...discordtest.Option) (*discordtest.Server, *discordgo.Session, *discordgo.Message, *discordtest.Response, *discordgo.Interaction) {
	t.Helper()
	srv, dg, table, click := clicker(t, typ, opts...)
	resp, in := click()
	return srv, dg, table, resp, in
}

func TestOriginalIsTheClickedMessageAfterAnUpdateCallback(t *testing.T) {
	t.Parallel()
	for _, typ := range []discordgo.InteractionResponseType{discordgo.InteractionResponseDeferredMessageUpdate, discordgo.InteractionResponseUpdateMessage} {
		srv, dg, table, resp, in := clickAnswered(t, typ)
		content := "edited through the click's token"
		m, err := dg.InteractionResponseEdit(in, &discordgo.WebhookEdit{Content: &content})
		if err != nil {
			t.Fatalf("type %d: editing @original: %v", typ, err)
		}
		if m.ID != table.ID {
			t.Errorf("type %d: @original is message %s, want the clicked table message %s", typ, m.ID, table.ID)
		}
		ch := srv.Channel(table.ChannelID)
		if got := ch.Message(table.ID); got.Content != content || len(ch.Messages()) != 1 {
			t.Errorf("type %d: channel shows %q in %d messages, want the table message edited and nothing new", typ, got.Content, len(ch.Messages()))
		}
		// The private answer goes as an ephemeral follow-up on the same
		// token: a message of its own, that only the clicker sees.
		f, err := dg.FollowupMessageCreate(in, true, &discordgo.WebhookParams{Content: "your hand", Flags: discordgo.MessageFlagsEphemeral})
		if err != nil {
			t.Fatalf("type %d: ephemeral follow-up: %v", typ, err)
		}
		eph := srv.User("alice").Ephemeral()
		if f.ID == table.ID || len(eph) != 1 || eph[0].ID != f.ID || eph[0].Content != "your hand" {
			t.Errorf("type %d: follow-up %s; alice's ephemeral messages %v, want the follow-up alone", typ, f.ID, eph)
		}
		if n := len(ch.Messages()); n != 1 {
			t.Errorf("type %d: channel shows %d messages after the ephemeral follow-up, want 1", typ, n)
		}
		// The follow-up took nothing from @original.
		again := "edited again"
		if m, err := dg.InteractionResponseEdit(in, &discordgo.WebhookEdit{Content: &again}); err != nil || m.ID != table.ID {
			t.Errorf("type %d: editing @original after the follow-up: %v, message %v; want the table message", typ, err, m)
		}
		if got := resp.Message(); got == nil || got.ID != table.ID || got.Content != again {
			t.Errorf("type %d: Response.Message = %v, want the table message showing %q", typ, got, again)
		}
		noFailures(t, srv)
	}
}

func TestOriginalIsTheResponseAfterAMessageCallback(t *testing.T) {
	t.Parallel()
	srv, dg, table, _, in := clickAnswered(t, discordgo.InteractionResponseChannelMessageWithSource)
	content := "hand, edited"
	m, err := dg.InteractionResponseEdit(in, &discordgo.WebhookEdit{Content: &content})
	if err != nil {
		t.Fatal(err)
	}
	if m.ID == table.ID {
		t.Fatalf("@original after type 4 is the clicked message; want the ephemeral response")
	}
	if got := srv.Channel(table.ChannelID).Message(table.ID).Content; got != "table open" {
		t.Errorf("table message reads %q after editing @original, want it untouched", got)
	}
	if eph := srv.User("alice").Ephemeral(); len(eph) != 1 || eph[0].ID != m.ID || eph[0].Content != content {
		t.Errorf("alice's ephemeral messages = %v, want the response edited", eph)
	}
	// Its token edits nothing else: the table message is not one of its
	// messages.
	_, err = dg.InteractionResponseEdit(&discordgo.Interaction{AppID: in.AppID, Token: in.Token}, &discordgo.WebhookEdit{Content: &content})
	if err != nil {
		t.Fatal(err)
	}
	_, err = dg.FollowupMessageEdit(in, table.ID, &discordgo.WebhookEdit{Content: &content})
	wantCode(t, "editing the table message by ID through a type-4 token", err, 404, discordgo.ErrCodeUnknownMessage)
}

func TestTokenExpiresAfter15MinutesOnEveryTokenEndpoint(t *testing.T) {
	t.Parallel()
	clock := discordtest.NewFakeClock(time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC))
	srv, dg, table, _, in := clickAnswered(t, discordgo.InteractionResponseDeferredMessageUpdate, discordtest.WithClock(clock))
	content := "at 14:59"
	clock.Advance(15*time.Minute - time.Second)
	if _, err := dg.InteractionResponseEdit(in, &discordgo.WebhookEdit{Content: &content}); err != nil {
		t.Fatalf("edit at 14:59: %v", err)
	}
	if _, err := dg.FollowupMessageCreate(in, true, &discordgo.WebhookParams{Content: "private", Flags: discordgo.MessageFlagsEphemeral}); err != nil {
		t.Fatalf("follow-up at 14:59: %v", err)
	}
	clock.Advance(2 * time.Second)
	late := "at 15:01"
	_, err := dg.InteractionResponseEdit(in, &discordgo.WebhookEdit{Content: &late})
	wantCode(t, "edit @original at 15:01", err, 401, discordgo.ErrCodeInvalidWebhookTokenProvided)
	_, err = dg.FollowupMessageCreate(in, true, &discordgo.WebhookParams{Content: "late", Flags: discordgo.MessageFlagsEphemeral})
	wantCode(t, "follow-up at 15:01", err, 401, discordgo.ErrCodeInvalidWebhookTokenProvided)
	_, err = dg.FollowupMessageEdit(in, table.ID, &discordgo.WebhookEdit{Content: &late})
	wantCode(t, "edit by message ID at 15:01", err, 401, discordgo.ErrCodeInvalidWebhookTokenProvided)
	if got := srv.Channel(table.ChannelID).Message(table.ID).Content; got != content {
		t.Errorf("table message reads %q, want %q: an expired token changes nothing", got, content)
	}
	// The channel endpoint still edits it: the bot's fallback.
	if _, err := dg.ChannelMessageEdit(table.ChannelID, table.ID, late); err != nil {
		t.Errorf("channel edit after the token expired: %v", err)
	}
}

func TestEachTokenHasItsOwnBucketOutsideTheGlobalLimit(t *testing.T) {
	t.Parallel()
	srv, _, _, click := clicker(t, discordgo.InteractionResponseDeferredMessageUpdate)
	_, first := click()
	_, second := click()
	limits := discordtest.DefaultRateLimits()
	limits.Global = discordtest.Limit{Requests: 1, Per: time.Minute} // a call counted globally would show at once
	srv.EnableRateLimits(limits)
	edit := func(tok string) string { return "/webhooks/" + srv.AppID() + "/" + tok + "/messages/@original" }
	for n := 1; n <= 5; n++ {
		resp, b := rawREST(t, srv, "PATCH", edit(first.Token), "", `{"content":"edit"}`)
		h := resp.Header
		if resp.StatusCode != 200 || h.Get("X-RateLimit-Bucket") != "webhook-message-edit" || h.Get("X-RateLimit-Limit") != "5" ||
			h.Get("X-RateLimit-Remaining") != strconv.Itoa(5-n) || h.Get("X-RateLimit-Scope") != "" {
			t.Fatalf("edit %d: %d %v %s, want 200 in bucket webhook-message-edit, limit 5, remaining %d", n, resp.StatusCode, h, b, 5-n)
		}
		if after := headerFloat(t, h, "X-RateLimit-Reset-After"); after <= 0 || after > 2.002 {
			t.Errorf("edit %d: Reset-After = %v, want within the 2 s window", n, after)
		}
	}
	resp, b := rawREST(t, srv, "PATCH", edit(first.Token), "", `{"content":"one too many"}`)
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("X-RateLimit-Scope") != "user" ||
		resp.Header.Get("X-RateLimit-Global") != "" || resp.Header.Get("Retry-After") != "2" {
		t.Fatalf("sixth edit: %d %v %s, want 429 scope user, Retry-After 2", resp.StatusCode, resp.Header, b)
	}
	if body := decode429(t, b); *body.Global {
		t.Errorf("429 body %+v, want global false", body)
	}
	// Another click's token is another bucket, though it edits the same
	// message; and follow-ups are a bucket of their own.
	if resp, b := rawREST(t, srv, "PATCH", edit(second.Token), "", `{"content":"through the other token"}`); resp.StatusCode != 200 {
		t.Errorf("edit through the second token: %d %s, want 200", resp.StatusCode, b)
	}
	if resp, b := rawREST(t, srv, "POST", "/webhooks/"+srv.AppID()+"/"+first.Token, "", `{"content":"private","flags":64}`); resp.StatusCode != 204 ||
		resp.Header.Get("X-RateLimit-Bucket") != "webhook-execute" {
		t.Errorf("follow-up through the first token: %d %v %s, want 204 in bucket webhook-execute", resp.StatusCode, resp.Header, b)
	}

	st := srv.RateLimitStats()
	key := "webhook-message-edit webhooks/" + srv.AppID() + "/" + first.Token
	if got := st.Buckets[key]; got != (discordtest.BucketStats{Requests: 6, TooMany: 1}) {
		t.Errorf("Buckets[%q] = %+v, want 6 requests and 1 refused", key, got)
	}
	if st.Requests[discordtest.ScopeGlobal] != 0 || st.TooMany[discordtest.ScopeGlobal] != 0 {
		t.Errorf("global: %d requests, %d refused; want every token call outside the global limit",
			st.Requests[discordtest.ScopeGlobal], st.TooMany[discordtest.ScopeGlobal])
	}
}

// A public follow-up on a click's token (the bot posts a game's table
// message so) is a channel message everyone sees, which that token then
// edits by ID, while @original stays the click's own private answer. (No
// gateway event tells the bot of it: Discord sends MESSAGE_CREATE only to
// bots with the GUILD_MESSAGES intent, and a bot built on this fake
// identifies with GUILDS alone.)
func TestPublicFollowupIsAChannelMessageItsTokenEdits(t *testing.T) {
	t.Parallel()
	srv, dg, table, _, in := clickAnswered(t, discordgo.InteractionResponseChannelMessageWithSource)
	ch := srv.Channel(table.ChannelID)
	f, err := dg.FollowupMessageCreate(in, true, &discordgo.WebhookParams{Content: "game 1 has started"})
	if err != nil {
		t.Fatalf("public follow-up: %v", err)
	}
	got := ch.Message(f.ID)
	if got == nil || got.Content != "game 1 has started" || got.Flags&discordgo.MessageFlagsEphemeral != 0 {
		t.Fatalf("the channel shows %v for follow-up %s, want it public with its content", got, f.ID)
	}
	if got.InteractionMetadata == nil || got.InteractionMetadata.User == nil || got.InteractionMetadata.User.Username != "alice" ||
		got.Type != discordgo.MessageTypeReply {
		t.Errorf("the follow-up shows type %d and interaction %+v, want a reply naming alice's click", got.Type, got.InteractionMetadata)
	}
	if n := len(ch.Messages()); n != 2 {
		t.Errorf("the channel shows %d messages, want the table message and the follow-up", n)
	}
	if eph := srv.User("alice").Ephemeral(); len(eph) != 1 || eph[0].ID == f.ID {
		t.Errorf("alice's ephemeral messages %v, want her answer alone", eph)
	}
	turn := "bob's turn"
	m, err := dg.FollowupMessageEdit(in, f.ID, &discordgo.WebhookEdit{Content: &turn})
	if err != nil || m.ID != f.ID {
		t.Fatalf("editing the follow-up by ID through the token: %v, message %v", err, m)
	}
	if got := ch.Message(f.ID).Content; got != turn {
		t.Errorf("the follow-up reads %q, want %q", got, turn)
	}
	// @original is still the private answer, not the follow-up.
	mine := "your hand, edited"
	if o, err := dg.InteractionResponseEdit(in, &discordgo.WebhookEdit{Content: &mine}); err != nil || o.ID == f.ID {
		t.Errorf("editing @original: %v, message %v; want the private answer", err, o)
	}
	if got := ch.Message(f.ID).Content; got != turn {
		t.Errorf("editing @original changed the follow-up to %q", got)
	}
	noFailures(t, srv)
}
