package threads

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/restpace"
	"github.com/cardbot/cardbot/bot/ui"
)

// TestAGamesThreadAgainstDiscord: against the fake Discord, a thread is
// refused where Discord would refuse it, started from a posted header,
// seen as archived once a moderator archives it, and reopened.
func TestAGamesThreadAgainstDiscord(t *testing.T) {
	srv := discordtest.New(t)
	g := srv.AddGuild("g")
	ch, voice := g.AddChannel("games"), g.AddVoiceChannel("voice")
	s := srv.Session("test-token")
	calls := Calls{Session: s, Pace: restpace.New(restpace.DefaultGlobalBudget, nil), Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	ctx := context.Background()

	for _, c := range []struct {
		what    string
		perms   int64
		channel string
		want    string
	}{
		{"a text channel", 0, ch.ID(), ""},
		{"a text channel, all permissions", Permissions | discordgo.PermissionSendMessages, ch.ID(), ""},
		{"no Create Public Threads", discordgo.PermissionSendMessagesInThreads, ch.ID(), "**Create Public Threads**"},
		{"an administrator", discordgo.PermissionAdministrator, ch.ID(), ""},
		{"a voice channel's chat", 0, voice.ID(), "voice channel"},
	} {
		if got := calls.Refusal(ctx, lang.English, c.perms, c.channel); (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("%s: Refusal = %q, want %q", c.what, got, c.want)
		}
	}

	header, err := calls.PostHeader(ctx, ch.ID(), ui.Rendering{Content: "Laro · table T · game 2"})
	if err != nil {
		t.Fatal(err)
	}
	id, err := calls.Start(ctx, ch.ID(), header, "Laro · table T · game 2")
	if err != nil {
		t.Fatal(err)
	}
	th := srv.Channel(id)
	if th == nil || !th.IsThread() || th.Parent() != ch || th.Name() != "Laro · table T · game 2" {
		t.Fatalf("Start made %v, want a thread of %s named after the game", th, ch.ID())
	}
	if got := calls.Refusal(ctx, lang.English, 0, id); !strings.Contains(got, "already a thread") {
		t.Errorf("Refusal inside a thread = %q", got)
	}
	if calls.Archived(ctx, id) {
		t.Error("a fresh thread counts as archived")
	}
	th.Archive()
	if !calls.Archived(ctx, id) {
		t.Error("an archived thread counts as open")
	}
	if err := calls.Reopen(ctx, id); err != nil {
		t.Fatal(err)
	}
	if th.Archived() {
		t.Error("Reopen left the thread archived")
	}

	calls.ReplaceHeader(ctx, ch.ID(), header, "⚠️ played in the channel")
	if got := ch.Message(header); got == nil || got.Content != "⚠️ played in the channel" {
		t.Errorf("the header reads %+v after ReplaceHeader", got)
	}
}

// TestACallThatNeverGetsTheBudgetSaysTheBotIsStopping: with the budget
// spent and the bot stopping, a thread call is not made, and its error
// says why.
func TestACallThatNeverGetsTheBudgetSaysTheBotIsStopping(t *testing.T) {
	// A budget of 2 a second holds one call at once and earns the next
	// after 1.25 s: once the first is taken, a stopping bot gets none.
	pace := restpace.New(2, nil)
	stopped, cancel := context.WithCancel(context.Background())
	cancel()
	for pace.Wait(stopped) == nil {
	}
	calls := Calls{Pace: pace} // no session: a call made would panic
	if _, err := calls.Start(stopped, "1", "2", "x"); !errors.Is(err, ErrStopping) {
		t.Errorf("Start while stopping: %v, want ErrStopping", err)
	}
	if err := calls.Reopen(stopped, "1"); !errors.Is(err, ErrStopping) {
		t.Errorf("Reopen while stopping: %v, want ErrStopping", err)
	}
}
