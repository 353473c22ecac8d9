package discordtest_test

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
)

// handlerFunc answers one interaction; tests set it per case.
type handlerFunc func(s *discordgo.Session, i *discordgo.InteractionCreate)

// connect opens a plain discordgo session against srv and closes it before
// the server (t.Cleanup runs in reverse order).
func connect(t *testing.T, srv *discordtest.Server, h handlerFunc) *discordgo.Session {
	t.Helper()
	dg := srv.Session("")
	if h != nil {
		dg.AddHandler(func(s *discordgo.Session, i *discordgo.InteractionCreate) { h(s, i) })
	}
	if err := dg.Open(); err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { _ = dg.Close() })
	return dg
}

// setup starts a server with one guild and channel and registers a /laro
// command with a "new" subcommand (integer "stake", user "rival") and an
// admin-only /setup.
func setup(t *testing.T, h handlerFunc, opts ...discordtest.Option) (*discordtest.Server, *discordtest.Channel, *discordgo.Session) {
	t.Helper()
	srv := discordtest.New(t, opts...)
	g := srv.AddGuild("test")
	ch := g.AddChannel("tables")
	dg := connect(t, srv, h)
	minStake := 1.0
	manage := int64(discordgo.PermissionManageGuild)
	cmds := []*discordgo.ApplicationCommand{
		{Name: "laro", Description: "Laro", Options: []*discordgo.ApplicationCommandOption{{
			Type: discordgo.ApplicationCommandOptionSubCommand, Name: "new", Description: "new table",
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionInteger, Name: "stake", Description: "chips", Required: true, MinValue: &minStake, MaxValue: 1000},
				{Type: discordgo.ApplicationCommandOptionUser, Name: "rival", Description: "who"},
			},
		}}},
		{Name: "setup", Description: "admin", DefaultMemberPermissions: &manage},
	}
	got, err := dg.ApplicationCommandBulkOverwrite(srv.AppID(), g.ID(), cmds)
	if err != nil {
		t.Fatalf("ApplicationCommandBulkOverwrite: %v", err)
	}
	if len(got) != 2 || got[0].ID == "" {
		t.Fatalf("registered commands = %+v, want 2 with IDs", got)
	}
	return srv, ch, dg
}

func noFailures(t *testing.T, srv *discordtest.Server) {
	t.Helper()
	for _, f := range srv.Failures() {
		t.Errorf("unexpected failure: %s", f)
	}
}

func TestOpenReady(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	g := srv.AddGuild("test")
	g.AddChannel("tables")
	ready := make(chan *discordgo.Ready, 1)
	dg := srv.Session("")
	dg.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) { ready <- r })
	if err := dg.Open(); err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { _ = dg.Close() })
	select {
	case r := <-ready:
		if r.User.ID != srv.AppID() || r.SessionID == "" || r.Application == nil || r.Application.ID != srv.AppID() {
			t.Errorf("READY = %+v, want bot user, session and application", r)
		}
	case <-time.After(3 * time.Second):
		t.Fatal("no READY")
	}
	if srv.Connected() != 1 {
		t.Errorf("Connected() = %d, want 1", srv.Connected())
	}
	if got := srv.Commands(g.ID()); len(got) != 0 {
		t.Errorf("Commands = %v, want none", got)
	}
}

func TestSlashEphemeralReply(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var seen *discordgo.Interaction
	srv, ch, _ := setup(t, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		mu.Lock()
		seen = i.Interaction
		mu.Unlock()
		opts := i.ApplicationCommandData().Options[0].Options
		err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{
				Flags:   discordgo.MessageFlagsEphemeral,
				Content: fmt.Sprintf("your hand, stake %d vs %s", opts[0].IntValue(), opts[1].UserValue(nil).ID),
				Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
					discordgo.Button{Label: "Discard", CustomID: "v1/discard"},
				}}},
			},
		})
		if err != nil {
			t.Errorf("InteractionRespond: %v", err)
		}
	})
	alice, bob := srv.User("alice"), srv.User("bob")
	// A stamp of its own, to the millisecond; recent, as the callback's 3 s
	// run from it.
	at := time.Now().Add(-100 * time.Millisecond).Truncate(time.Millisecond)
	resp, err := alice.Slash(ch, "laro new", discordtest.IntOpt("stake", 50), discordtest.UserOpt("rival", bob), discordtest.WithTime(at))
	if err != nil {
		t.Fatalf("Slash: %v", err)
	}
	cb, err := resp.Wait()
	if err != nil {
		t.Fatalf("Wait: %v", err)
	}
	if cb.Type != discordgo.InteractionResponseChannelMessageWithSource || !cb.Ephemeral {
		t.Errorf("callback = type %d ephemeral %v, want 4 ephemeral", cb.Type, cb.Ephemeral)
	}
	want := "your hand, stake 50 vs " + bob.ID()
	if eph := alice.Ephemeral(); len(eph) != 1 || eph[0].Content != want {
		t.Errorf("alice ephemeral = %v, want one message %q", eph, want)
	}
	if got := ch.Messages(); len(got) != 0 {
		t.Errorf("channel shows %d messages, want 0", len(got))
	}
	if got := bob.Ephemeral(); len(got) != 0 {
		t.Errorf("bob ephemeral = %d messages, want 0", len(got))
	}

	mu.Lock()
	in := seen
	mu.Unlock()
	ts, _ := discordgo.SnowflakeTimestamp(in.ID)
	if !ts.Equal(at) {
		t.Errorf("SnowflakeTimestamp(interaction) = %v, want %v", ts, at)
	}
	if in.Member == nil || in.Member.User.ID != alice.ID() || in.AppID != srv.AppID() || in.AppPermissions == 0 {
		t.Errorf("interaction = %+v, want alice's member, app ID and app permissions", in)
	}

	// Only alice can click her ephemeral message.
	msg := alice.Ephemeral()[0]
	if _, err := bob.Click(msg, "v1/discard"); !errors.Is(err, discordtest.ErrNotVisible) {
		t.Errorf("bob clicking alice's ephemeral: err = %v, want ErrNotVisible", err)
	}
	if _, err := alice.Slash(ch, "laro new"); !errors.Is(err, discordtest.ErrBadOption) {
		t.Errorf("missing required option: err = %v, want ErrBadOption", err)
	}
	if _, err := alice.Slash(ch, "laro new", discordtest.IntOpt("stake", 0)); !errors.Is(err, discordtest.ErrBadOption) {
		t.Errorf("stake below min: err = %v, want ErrBadOption", err)
	}
	if _, err := alice.Slash(ch, "setup"); !errors.Is(err, discordtest.ErrForbidden) {
		t.Errorf("/setup without Manage Server: err = %v, want ErrForbidden", err)
	}
	if _, err := alice.Slash(ch, "laus"); !errors.Is(err, discordtest.ErrUnknownCommand) {
		t.Errorf("unregistered command: err = %v, want ErrUnknownCommand", err)
	}
	noFailures(t, srv)
}

// tableMessage is a public message with a row of buttons and a select menu.
func tableMessage(content string, disabled bool) *discordgo.MessageSend {
	return &discordgo.MessageSend{
		Content: content,
		Components: []discordgo.MessageComponent{
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: "Join", CustomID: "v1/join", Disabled: disabled},
				discordgo.Button{Label: "My hand", CustomID: "v1/hand"},
			}},
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.SelectMenu{CustomID: "v1/pick", Options: []discordgo.SelectMenuOption{
					{Label: "Ace", Value: "A"}, {Label: "King", Value: "K"},
				}},
			}},
		},
	}
}

func TestButtonUpdateMessage(t *testing.T) {
	t.Parallel()
	srv, ch, dg := setup(t, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		d := i.MessageComponentData()
		content := "alice joined"
		if d.CustomID == "v1/pick" {
			content = "picked " + strings.Join(d.Values, ",")
		}
		next := tableMessage(content, true)
		err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseUpdateMessage,
			Data: &discordgo.InteractionResponseData{Content: next.Content, Components: next.Components},
		})
		if err != nil {
			t.Errorf("InteractionRespond: %v", err)
		}
	})
	posted, err := dg.ChannelMessageSendComplex(ch.ID(), tableMessage("table open", false))
	if err != nil {
		t.Fatalf("ChannelMessageSendComplex: %v", err)
	}
	alice := srv.User("alice")
	msgs := ch.Messages()
	if len(msgs) != 1 || msgs[0].ID != posted.ID {
		t.Fatalf("channel = %v, want the posted message", msgs)
	}
	if _, err := alice.Click(msgs[0], "v1/nope"); !errors.Is(err, discordtest.ErrNoComponent) {
		t.Errorf("click missing component: err = %v, want ErrNoComponent", err)
	}
	resp, err := alice.Click(msgs[0], "v1/join")
	if err != nil {
		t.Fatalf("Click: %v", err)
	}
	cb, err := resp.Wait()
	if err != nil {
		t.Fatalf("Wait: %v", err)
	}
	if cb.Type != discordgo.InteractionResponseUpdateMessage || cb.Ephemeral {
		t.Errorf("callback type %d ephemeral %v, want 7 public", cb.Type, cb.Ephemeral)
	}
	msgs = ch.Messages()
	if len(msgs) != 1 || msgs[0].ID != posted.ID || msgs[0].Content != "alice joined" || msgs[0].EditedTimestamp == nil {
		t.Fatalf("channel after update = %+v, want the same message edited to %q", msgs[0], "alice joined")
	}
	if _, err := alice.Click(msgs[0], "v1/join"); !errors.Is(err, discordtest.ErrDisabled) {
		t.Errorf("click disabled button: err = %v, want ErrDisabled", err)
	}
	if _, err := alice.Select(msgs[0], "v1/pick", []string{"Q"}); !errors.Is(err, discordtest.ErrBadOption) {
		t.Errorf("select unknown value: err = %v, want ErrBadOption", err)
	}
	resp, err = alice.Select(msgs[0], "v1/pick", []string{"K"})
	if err != nil {
		t.Fatalf("Select: %v", err)
	}
	if _, err := resp.Wait(); err != nil {
		t.Fatalf("Wait: %v", err)
	}
	if got := ch.Message(posted.ID).Content; got != "picked K" {
		t.Errorf("content after select = %q, want %q", got, "picked K")
	}
	noFailures(t, srv)
}

func TestChannelMessagePostEditDelete(t *testing.T) {
	t.Parallel()
	srv, ch, dg := setup(t, nil)
	m, err := dg.ChannelMessageSendEmbed(ch.ID(), &discordgo.MessageEmbed{Title: "Table 1"})
	if err != nil {
		t.Fatalf("send: %v", err)
	}
	if _, err := dg.ChannelMessageEdit(ch.ID(), m.ID, "round 2"); err != nil {
		t.Fatalf("edit: %v", err)
	}
	got := ch.Messages()
	if len(got) != 1 || got[0].Content != "round 2" || len(got[0].Embeds) != 1 || got[0].Author.ID != srv.AppID() {
		t.Fatalf("channel = %+v, want one edited bot message keeping its embed", got)
	}

	// Discord's limits come back as 400 Invalid Form Body.
	rows := make([]discordgo.MessageComponent, 6)
	for i := range rows {
		rows[i] = discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{Label: "x", CustomID: fmt.Sprint(i)}}}
	}
	cases := map[string]*discordgo.MessageSend{
		"six rows":     {Content: "x", Components: rows},
		"empty":        {},
		"dup id":       {Content: "x", Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{Label: "a", CustomID: "same"}, discordgo.Button{Label: "b", CustomID: "same"}}}}},
		"long id":      {Content: "x", Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{Label: "a", CustomID: strings.Repeat("x", 101)}}}}},
		"long label":   {Content: "x", Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{Label: strings.Repeat("x", 81), CustomID: "a"}}}}},
		"field value":  {Embeds: []*discordgo.MessageEmbed{{Fields: []*discordgo.MessageEmbedField{{Name: "n", Value: strings.Repeat("v", 1025)}}}}},
		"embed title":  {Embeds: []*discordgo.MessageEmbed{{Title: strings.Repeat("t", 257)}}},
		"26 options":   {Content: "x", Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{CustomID: "s", Options: manyOptions(26)}}}}},
		"six per row":  {Content: "x", Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: sixButtons()}}},
		"long content": {Content: strings.Repeat("c", 2001)},
	}
	for name, send := range cases {
		_, err := dg.ChannelMessageSendComplex(ch.ID(), send)
		var rest *discordgo.RESTError
		if !errors.As(err, &rest) || rest.Response.StatusCode != http.StatusBadRequest || rest.Message == nil ||
			rest.Message.Code != discordgo.ErrCodeInvalidFormBody && rest.Message.Code != discordgo.ErrCodeCannotSendEmptyMessage {
			t.Errorf("%s: err = %v, want 400 Invalid Form Body or empty message", name, err)
		}
	}

	ch.SetBotPermissions(discordtest.DefaultBotPermissions &^ discordgo.PermissionSendMessages)
	_, err = dg.ChannelMessageEdit(ch.ID(), m.ID, "round 3")
	wantCode(t, "edit without Send Messages", err, 403, discordgo.ErrCodeMissingPermissions)
	ch.SetBotPermissions(discordtest.DefaultBotPermissions)

	if err := dg.ChannelMessageDelete(ch.ID(), m.ID); err != nil {
		t.Fatalf("delete: %v", err)
	}
	if got := ch.Messages(); len(got) != 0 {
		t.Errorf("channel after delete = %v, want empty", got)
	}
	_, err = dg.ChannelMessageEdit(ch.ID(), m.ID, "too late")
	wantCode(t, "edit deleted message", err, 404, discordgo.ErrCodeUnknownMessage)
}

func manyOptions(n int) []discordgo.SelectMenuOption {
	out := make([]discordgo.SelectMenuOption, n)
	for i := range out {
		out[i] = discordgo.SelectMenuOption{Label: fmt.Sprint(i), Value: fmt.Sprint(i)}
	}
	return out
}

func sixButtons() []discordgo.MessageComponent {
	out := make([]discordgo.MessageComponent, 6)
	for i := range out {
		out[i] = discordgo.Button{Label: "b", CustomID: fmt.Sprint("b", i)}
	}
	return out
}

func wantCode(t *testing.T, what string, err error, status, code int) {
	t.Helper()
	var rest *discordgo.RESTError
	if !errors.As(err, &rest) || rest.Response.StatusCode != status || rest.Message == nil || rest.Message.Code != code {
		t.Errorf("%s: err = %v, want HTTP %d code %d", what, err, status, code)
	}
}

func TestDeferredThenFollowups(t *testing.T) {
	t.Parallel()
	srv, ch, _ := setup(t, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		if err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		}); err != nil {
			t.Errorf("defer: %v", err)
			return
		}
		if _, err := s.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{Content: "table 7 is open"}); err != nil {
			t.Errorf("first follow-up: %v", err)
		}
		if _, err := s.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{
			Content: "your seat", Flags: discordgo.MessageFlagsEphemeral,
		}); err != nil {
			t.Errorf("ephemeral follow-up: %v", err)
		}
		content := "table 7 is open (2 seats)"
		if _, err := s.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{Content: &content}); err != nil {
			t.Errorf("edit original: %v", err)
		}
	})
	alice := srv.User("alice")
	resp, err := alice.Slash(ch, "laro new", discordtest.IntOpt("stake", 5))
	if err != nil {
		t.Fatalf("Slash: %v", err)
	}
	cb, err := resp.Wait()
	if err != nil || cb.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("Wait = type %d, %v; want 5", cb.Type, err)
	}
	m, err := resp.WaitEdited(2, 3*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if m.Content != "table 7 is open (2 seats)" || m.Flags&discordgo.MessageFlagsLoading != 0 {
		t.Errorf("original = %q flags %d, want edited and no longer loading", m.Content, m.Flags)
	}
	if got := ch.Messages(); len(got) != 1 || got[0].ID != m.ID {
		t.Errorf("channel = %v, want only the response", got)
	}
	if f := resp.Followups(); len(f) != 1 || f[0].Content != "your seat" {
		t.Errorf("follow-ups = %v, want the ephemeral seat message", f)
	}
	if eph := alice.Ephemeral(); len(eph) != 1 || eph[0].Content != "your seat" {
		t.Errorf("alice ephemeral = %v, want the seat message", eph)
	}
	noFailures(t, srv)
}

func TestRateLimitRetried(t *testing.T) {
	t.Parallel()
	srv, ch, dg := setup(t, nil)
	srv.RateLimit("POST", "/channels/*/messages", 2, 20*time.Millisecond)
	if _, err := dg.ChannelMessageSend(ch.ID(), "hello"); err != nil {
		t.Fatalf("send after 429s: %v", err)
	}
	var statuses []int
	for _, r := range srv.Requests() {
		if r.Method == "POST" && r.Route == "/channels/{id}/messages" {
			statuses = append(statuses, r.Status)
		}
	}
	if fmt.Sprint(statuses) != "[429 429 200]" {
		t.Errorf("statuses = %v, want [429 429 200]", statuses)
	}
	if got := ch.Messages(); len(got) != 1 {
		t.Errorf("channel has %d messages, want 1", len(got))
	}
}

func TestResumeAfterDrop(t *testing.T) {
	t.Parallel()
	srv, ch, _ := setup(t, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		_ = s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "still here"},
		})
	})
	srv.DropConnections()
	resp, err := srv.User("alice").Slash(ch, "laro new", discordtest.IntOpt("stake", 5))
	if err != nil {
		t.Fatalf("Slash after drop: %v", err)
	}
	if _, err := resp.Wait(); err != nil {
		t.Fatalf("Wait after drop: %v", err)
	}
	if srv.Resumes() != 1 {
		t.Errorf("Resumes() = %d, want 1", srv.Resumes())
	}
	if got := ch.Messages(); len(got) != 1 || got[0].Content != "still here" {
		t.Errorf("channel = %v, want the response", got)
	}
	noFailures(t, srv)
}

func TestLateCallbackFlagged(t *testing.T) {
	t.Parallel()
	errs := make(chan error, 1)
	srv, ch, _ := setup(t, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		time.Sleep(300 * time.Millisecond)
		errs <- s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "slow"},
		})
	}, discordtest.WithCallbackDeadline(100*time.Millisecond))
	resp, err := srv.User("alice").Slash(ch, "laro new", discordtest.IntOpt("stake", 5))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := resp.Wait(); !errors.Is(err, discordtest.ErrInteractionFailed) {
		t.Errorf("Wait: err = %v, want ErrInteractionFailed", err)
	}
	wantCode(t, "late callback", <-errs, 404, discordgo.ErrCodeUnknownInteraction)
	kinds := failureKinds(srv)
	if kinds != "[timeout late callback]" {
		t.Errorf("failures = %s, want [timeout late callback]", kinds)
	}
	if len(ch.Messages()) != 0 {
		t.Errorf("a refused late callback still posted a message")
	}
}

func failureKinds(srv *discordtest.Server) string {
	var ks []string
	for _, f := range srv.Failures() {
		ks = append(ks, f.Kind.String())
	}
	return fmt.Sprint(ks)
}

func TestDoubleCallbackFlagged(t *testing.T) {
	t.Parallel()
	errs := make(chan error, 1)
	srv, ch, _ := setup(t, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		r := &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "once"},
		}
		_ = s.InteractionRespond(i.Interaction, r)
		errs <- s.InteractionRespond(i.Interaction, r)
	})
	resp, err := srv.User("alice").Slash(ch, "laro new", discordtest.IntOpt("stake", 5))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := resp.Wait(); err != nil {
		t.Fatalf("Wait: %v", err)
	}
	wantCode(t, "second callback", <-errs, 400, discordgo.ErrCodeInteractionHasAlreadyBeenAcknowledged)
	if kinds := failureKinds(srv); kinds != "[double callback]" {
		t.Errorf("failures = %s, want [double callback]", kinds)
	}
}

func TestClickInvisibleComponentRefused(t *testing.T) {
	t.Parallel()
	srv, ch, dg := setup(t, nil)
	posted, err := dg.ChannelMessageSendComplex(ch.ID(), tableMessage("table", false))
	if err != nil {
		t.Fatal(err)
	}
	alice := srv.User("alice")
	if _, err := alice.Click(posted, "v1/leave"); !errors.Is(err, discordtest.ErrNoComponent) {
		t.Errorf("click absent custom_id: err = %v, want ErrNoComponent", err)
	}
	if _, err := alice.Click(posted, "v1/pick"); !errors.Is(err, discordtest.ErrNoComponent) {
		t.Errorf("click on a select menu: err = %v, want ErrNoComponent", err)
	}
	if err := dg.ChannelMessageDelete(ch.ID(), posted.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := alice.Click(posted, "v1/join"); !errors.Is(err, discordtest.ErrNotVisible) {
		t.Errorf("click on deleted message: err = %v, want ErrNotVisible", err)
	}
	if n := len(srv.Requests()); n == 0 {
		t.Error("no requests logged")
	}
}

func TestExpiredTokenUnauthorized(t *testing.T) {
	t.Parallel()
	clock := discordtest.NewFakeClock(time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC))
	got := make(chan *discordgo.Interaction, 1)
	srv, ch, dg := setup(t, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		_ = s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "hand", Flags: discordgo.MessageFlagsEphemeral},
		})
		got <- i.Interaction
	}, discordtest.WithClock(clock))
	alice := srv.User("alice")
	resp, err := alice.Slash(ch, "laro new", discordtest.IntOpt("stake", 5))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := resp.Wait(); err != nil {
		t.Fatal(err)
	}
	in := <-got
	ts, _ := discordgo.SnowflakeTimestamp(in.ID)
	if !ts.Equal(clock.Now()) {
		t.Errorf("interaction time = %v, want the fake clock's %v", ts, clock.Now())
	}
	content := "still fresh"
	if _, err := dg.InteractionResponseEdit(in, &discordgo.WebhookEdit{Content: &content}); err != nil {
		t.Fatalf("edit within 15 min: %v", err)
	}
	if eph := alice.Ephemeral(); len(eph) != 1 || eph[0].Content != content || eph[0].ID != resp.Message().ID {
		t.Errorf("ephemeral = %v, want the same message edited", eph)
	}
	clock.Advance(15*time.Minute + time.Second)
	content = "too late"
	_, err = dg.InteractionResponseEdit(in, &discordgo.WebhookEdit{Content: &content})
	wantCode(t, "edit after 15 min", err, 401, discordgo.ErrCodeInvalidWebhookTokenProvided)
}

func TestConcurrentUsers(t *testing.T) {
	t.Parallel()
	srv, ch, _ := setup(t, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		_ = s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "hi " + i.Member.User.Username, Flags: discordgo.MessageFlagsEphemeral},
		})
	})
	const n = 40
	var wg sync.WaitGroup
	for k := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			u := srv.User(fmt.Sprint("user", k))
			resp, err := u.Slash(ch, "laro new", discordtest.IntOpt("stake", int64(k+1)))
			if err != nil {
				t.Error(err)
				return
			}
			if _, err := resp.Wait(); err != nil {
				t.Error(err)
				return
			}
			if eph := u.Ephemeral(); len(eph) != 1 || eph[0].Content != "hi "+u.Name() {
				t.Errorf("%s sees %v", u.Name(), eph)
			}
		}()
	}
	wg.Wait()
	if len(ch.Messages()) != 0 {
		t.Error("ephemeral replies leaked into the channel")
	}
	noFailures(t, srv)
}

func TestEphemeralUpdatesStayOneMessage(t *testing.T) {
	t.Parallel()
	hand := func(label string) []discordgo.MessageComponent {
		return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: label, CustomID: "v1/hand/" + label},
		}}}
	}
	srv, ch, _ := setup(t, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		var err error
		switch {
		case i.Type == discordgo.InteractionApplicationCommand:
			err = s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: "hand 1", Components: hand("a"), Flags: discordgo.MessageFlagsEphemeral},
			})
		case i.MessageComponentData().CustomID == "v1/hand/a":
			err = s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseUpdateMessage,
				Data: &discordgo.InteractionResponseData{Content: "hand 2", Components: hand("b")},
			})
		default:
			if err = s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseDeferredMessageUpdate,
			}); err == nil {
				content := "hand 3"
				_, err = s.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{Content: &content})
			}
		}
		if err != nil {
			t.Errorf("respond: %v", err)
		}
	})
	alice := srv.User("alice")
	resp, err := alice.Slash(ch, "laro new", discordtest.IntOpt("stake", 5))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := resp.Wait(); err != nil {
		t.Fatal(err)
	}
	first := alice.Ephemeral()[0]
	resp, err = alice.Click(first, "v1/hand/a")
	if err != nil {
		t.Fatal(err)
	}
	if cb, err := resp.Wait(); err != nil || !cb.Ephemeral || cb.Message.Content != "hand 2" {
		t.Fatalf("type 7 on ephemeral: %+v, %v", cb, err)
	}
	resp, err = alice.Click(alice.Ephemeral()[0], "v1/hand/b")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := resp.WaitEdited(1, 3*time.Second); err != nil {
		t.Fatal(err)
	}
	eph := alice.Ephemeral()
	if len(eph) != 1 || eph[0].ID != first.ID || eph[0].Content != "hand 3" {
		t.Errorf("ephemeral view = %v, want message %s showing %q", eph, first.ID, "hand 3")
	}
	if len(ch.Messages()) != 0 {
		t.Error("ephemeral updates leaked into the channel")
	}
	noFailures(t, srv)
}

func TestReconnectRequestResumes(t *testing.T) {
	t.Parallel()
	srv, ch, dg := setup(t, nil)
	srv.RequestReconnect()
	deadline := time.Now().Add(5 * time.Second)
	for srv.Resumes() == 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if srv.Resumes() != 1 {
		t.Fatalf("Resumes() = %d after op 7, want 1", srv.Resumes())
	}
	if _, err := dg.ChannelMessageSend(ch.ID(), "back"); err != nil {
		t.Errorf("send after resume: %v", err)
	}
}

// TestWithoutPastVersionsKeepsOnlyWhatIsShown: the option empties History and
// hands a callback's message and data to the first Wait only; the channel
// still shows the latest version, and without the option both are kept.
func TestWithoutPastVersionsKeepsOnlyWhatIsShown(t *testing.T) {
	t.Parallel()
	for _, lean := range []bool{false, true} {
		var opts []discordtest.Option
		if lean {
			opts = append(opts, discordtest.WithoutPastVersions())
		}
		srv, ch, dg := setup(t, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
			next := tableMessage("alice joined", true)
			err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseUpdateMessage,
				Data: &discordgo.InteractionResponseData{Content: next.Content, Components: next.Components},
			})
			if err != nil {
				t.Errorf("InteractionRespond: %v", err)
			}
		}, opts...)
		posted, err := dg.ChannelMessageSendComplex(ch.ID(), tableMessage("table open", false))
		if err != nil {
			t.Fatalf("ChannelMessageSendComplex: %v", err)
		}
		resp, err := srv.User("alice").Click(ch.Message(posted.ID), "v1/join")
		if err != nil {
			t.Fatalf("Click: %v", err)
		}
		first, err := resp.Wait()
		if err != nil {
			t.Fatalf("lean=%v: Wait: %v", lean, err)
		}
		if first.Message == nil || first.Message.Content != "alice joined" || !strings.Contains(string(first.Data), "alice joined") {
			t.Errorf("lean=%v: first Wait gave message %v and data %s, want the update", lean, first.Message, first.Data)
		}
		again, err := resp.Wait()
		if err != nil {
			t.Fatalf("lean=%v: second Wait: %v", lean, err)
		}
		if kept := again.Message != nil && len(again.Data) > 0; kept == lean {
			t.Errorf("lean=%v: second Wait gave message %v and data %s", lean, again.Message, again.Data)
		}
		if got := ch.Message(posted.ID).Content; got != "alice joined" {
			t.Errorf("lean=%v: the channel shows %q, want the update", lean, got)
		}
		if n := len(ch.History()); (n == 0) != lean {
			t.Errorf("lean=%v: History has %d versions", lean, n)
		}
	}
}
