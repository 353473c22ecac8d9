package bot

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
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
	b := New(Options{Session: s, Store: st, DevGuildID: g.ID(), Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	s.AddHandler(b.HandleInteraction)
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
	b, srv, ch := startTestBot(t)
	b.commands["laro rules"] = func(context.Context, *Input) *Reply { panic("a bug") }
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
	if cb, err := r.Wait(); err != nil || !strings.Contains(cb.Message.Content, "1000") {
		t.Fatalf("after a panic, /chips balance answered %+v, %v", cb, err)
	}
}

func TestLaroNewRefusesOptionsOutOfRange(t *testing.T) {
	b, _, _ := startTestBot(t)
	opt := func(name string, v int) *discordgo.ApplicationCommandInteractionDataOption {
		return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionInteger, Value: float64(v)}
	}
	// A forged command skips the client's range checks.
	for name, tc := range map[string]struct {
		opt  *discordgo.ApplicationCommandInteractionDataOption
		want string
	}{
		"stake":        {opt("stake", 5000), "stake must be between 0 and 1000"},
		"ante":         {opt("ante", -1), "ante must be between"},
		"claim window": {opt("claim_window", 16), "claim window must be between 0 and 15"},
		"turn timer":   {opt("turn_timer", 5), "turn timer must be between 15 and 600"},
	} {
		in := &Input{GuildID: "g", ChannelID: "c", UserID: "u", Options: optionsView{tc.opt.Name: tc.opt}}
		r := b.laroNew(context.Background(), in)
		if r == nil || r.Data == nil || !strings.Contains(r.Data.Content, tc.want) || r.Data.Flags&discordgo.MessageFlagsEphemeral == 0 {
			t.Errorf("%s out of range: got %+v, want an ephemeral %q", name, r, tc.want)
		}
	}
	if games, err := b.store.LiveGames(context.Background()); err != nil || len(games) != 0 {
		t.Errorf("refused commands left %d tables (%v)", len(games), err)
	}
}
