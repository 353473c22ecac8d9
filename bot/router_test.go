package bot

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// startTestBot connects a Bot to a fake Discord, for tests that need to
// reach inside it.
func startTestBot(t *testing.T) (*Bot, *discordtest.Server, *discordtest.Channel) {
	t.Helper()
	srv := discordtest.New(t)
	g := srv.AddGuild("g")
	ch := g.AddChannel("c")
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "db"))
	if err != nil {
		t.Fatal(err)
	}
	s := srv.Session("")
	b := New(Options{Session: s, Store: st, DevGuildID: g.ID(), Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		DeferAfter: 300 * time.Millisecond})
	b.Listen(s)
	if err := s.Open(); err != nil {
		t.Fatal(err)
	}
	if err := b.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		b.Shutdown(context.Background())
		s.Close()
		st.Close()
	})
	return b, srv, ch
}

func TestPanickingHandlerIsContained(t *testing.T) {
	t.Parallel()
	b, srv, ch := startTestBot(t)
	b.modules["laro"] = commandFunc{b.modules["laro"], func(context.Context, *ui.Input) *ui.Reply { panic("a bug") }}
	u := srv.User("alice")
	r, err := u.Slash(ch, "laro rules")
	if err != nil {
		t.Fatal(err)
	}
	cb, err := r.Wait()
	if err != nil || !cb.Ephemeral || !strings.Contains(cb.Message.Content, "Something went wrong") {
		t.Fatalf("after a panic: %+v, %v; want an ephemeral apology", cb, err)
	}
	// The bot still serves the next command.
	r, err = u.Slash(ch, "chips balance")
	if err != nil {
		t.Fatal(err)
	}
	cb, err = r.Wait()
	if err != nil {
		t.Fatalf("after a panic, /chips balance: %v", err)
	}
	shown := cb.Message
	if cb.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource {
		// A loaded machine may defer the answer: what the person sees is the edit.
		if shown, err = r.WaitEdited(1, 30*time.Second); err != nil {
			t.Fatalf("after a panic, /chips balance was deferred and never answered: %v", err)
		}
	}
	if !strings.Contains(shown.Content, "1000") {
		t.Fatalf("after a panic, /chips balance showed %q", shown.Content)
	}
}

func TestSlowCommandsAreDeferredThenAnswered(t *testing.T) {
	t.Parallel()
	b, srv, ch := startTestBot(t)
	chips := b.modules["chips"]
	b.modules["chips"] = commandFunc{chips, func(ctx context.Context, in *ui.Input) *ui.Reply {
		time.Sleep(b.opts.DeferAfter + 500*time.Millisecond)
		return chips.HandleCommand(ctx, in)
	}}
	u := srv.User("alice")

	// A private answer replaces the private "thinking…".
	r, err := u.Slash(ch, "chips balance")
	if err != nil {
		t.Fatal(err)
	}
	if cb, err := r.Wait(); err != nil || cb.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource || !cb.Ephemeral {
		t.Fatalf("slow command: callback %+v, %v; want a private deferral", cb, err)
	}
	if m, err := r.WaitEdited(1, 30*time.Second); err != nil || !strings.Contains(m.Content, "1000") {
		t.Fatalf("the deferred answer: %v, %v; want the balance", m, err)
	}

	// A public answer lands in the channel for everyone: a grant, which
	// says so there.
	u.SetPermissions(u.Permissions() | discordgo.PermissionManageGuild)
	r, err = u.Slash(ch, "chips grant", discordtest.UserOpt("player", u), discordtest.IntOpt("amount", 5))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Wait(); err != nil {
		t.Fatal(err)
	}
	if _, err := ch.Wait(30*time.Second, func(ms []*discordgo.Message) bool {
		for _, m := range ms {
			if strings.Contains(m.Content, "granted 5 chips") {
				return true
			}
		}
		return false
	}); err != nil {
		t.Fatalf("the slow grant never reached the channel: %v", err)
	}
	for _, f := range srv.Failures() {
		t.Errorf("interaction failure: %s", f)
	}
}

// slowTable answers every click slowly, like a table stuck on a busy disk.
type slowTable struct {
	table.Core
	deferAfter time.Duration
	fast       atomic.Bool // answer at once instead
}

func (s *slowTable) Handle(ctx context.Context, in *ui.Input) *ui.Reply {
	if !s.fast.Load() {
		time.Sleep(s.deferAfter + 500*time.Millisecond)
	}
	switch in.Component.Verb {
	case "hand":
		return ui.EphemeralText("your hand")
	case "secret":
		// A handler that asks to update the public message with something
		// private: the router must not let it.
		return ui.PrivateUpdate("secret hand", nil, nil)
	}
	return ui.PublicUpdate("updated", nil, nil)
}
func (s *slowTable) HandView(int, string) ui.Rendering { return ui.Rendering{Content: "your hand"} }
func (s *slowTable) StopTimers()                       {}

// commandFunc is a module whose command is answered by another function.
type commandFunc struct {
	ui.Module
	handle func(context.Context, *ui.Input) *ui.Reply
}

func (c commandFunc) HandleCommand(ctx context.Context, in *ui.Input) *ui.Reply {
	return c.handle(ctx, in)
}

func TestSlowClicksAreDeferredThenAnswered(t *testing.T) {
	t.Parallel()
	b, srv, ch := startTestBot(t)
	msg, err := b.session.ChannelMessageSendComplex(ch.ID(), &discordgo.MessageSend{Content: "table", Components: []discordgo.MessageComponent{
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "My hand", CustomID: "v1/laro/slow1/1/hand", Style: discordgo.PrimaryButton},
			discordgo.Button{Label: "Poke", CustomID: "v1/laro/slow1/1/poke", Style: discordgo.PrimaryButton},
			discordgo.Button{Label: "Secret", CustomID: "v1/laro/slow1/1/secret", Style: discordgo.PrimaryButton},
		}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	st := &slowTable{Core: table.Core{Env: b.env, Kind: store.KindLaro, ID: "slow1", Guild: ch.Guild().ID(), Channel: ch.ID()},
		deferAfter: b.opts.DeferAfter}
	b.env.Start(st, msg.ID)
	u := srv.User("alice")

	r, err := u.Click(ch.Message(msg.ID), "v1/laro/slow1/1/hand")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Wait(); err != nil {
		t.Fatal(err)
	}
	if _, err := u.WaitEphemeral(30*time.Second, func(ms []*discordgo.Message) bool {
		return len(ms) > 0 && ms[len(ms)-1].Content == "your hand"
	}); err != nil {
		t.Fatalf("the slow private answer never came: %v", err)
	}
	// A private update, slow or not, never lands on the public message.
	for _, delay := range []bool{true, false} {
		st.fast.Store(!delay)
		r, err = u.Click(ch.Message(msg.ID), "v1/laro/slow1/1/secret")
		if err != nil {
			t.Fatal(err)
		}
		// An ephemeral reply, or (with the table taking the click's token
		// for its message, see respond/quiet.go) a deferred update, which changes
		// nothing anyone sees, followed by the ephemeral answer.
		if cb, err := r.Wait(); err != nil || !cb.Ephemeral && cb.Type != discordgo.InteractionResponseDeferredMessageUpdate {
			t.Fatalf("private answer to a public click (slow %v): %+v, %v; want an ephemeral answer or a deferred update", delay, cb, err)
		}
		if _, err := u.WaitEphemeral(30*time.Second, func(ms []*discordgo.Message) bool {
			return len(ms) > 0 && ms[len(ms)-1].Content == "secret hand"
		}); err != nil {
			t.Fatalf("the private answer never reached the clicker (slow %v): %v", delay, err)
		}
		if got := ch.Message(msg.ID).Content; got != "table" {
			t.Fatalf("the public message shows %q after a private answer (slow %v)", got, delay)
		}
	}

	st.fast.Store(false)
	// A slow click on a public message is deferred privately: deferring it
	// as an update would make the public message the click's original.
	r, err = u.Click(ch.Message(msg.ID), "v1/laro/slow1/1/poke")
	if err != nil {
		t.Fatal(err)
	}
	if cb, err := r.Wait(); err != nil || cb.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource || !cb.Ephemeral {
		t.Fatalf("slow click: %+v, %v; want a private deferral", cb, err)
	}
	// Its public redraw still reaches the public message, and the private
	// placeholder goes away.
	if _, err := ch.Wait(30*time.Second, func(ms []*discordgo.Message) bool {
		for _, m := range ms {
			if m.ID == msg.ID && m.Content == "updated" {
				return true
			}
		}
		return false
	}); err != nil {
		t.Fatalf("the slow update never reached the message: %v", err)
	}
	if _, err := u.WaitEphemeral(30*time.Second, func(ms []*discordgo.Message) bool {
		for _, m := range ms {
			if m.Flags&discordgo.MessageFlagsLoading != 0 {
				return false
			}
		}
		return true
	}); err != nil {
		t.Fatalf("a \"thinking…\" placeholder stayed up: %v", err)
	}

	for _, f := range srv.Failures() {
		t.Errorf("interaction failure: %s", f)
	}
}
