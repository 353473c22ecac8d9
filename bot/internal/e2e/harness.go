package e2e

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot"
	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/store"
)

// A World is one end-to-end setup: a fake Discord with a server and a
// channel, a real SQLite file, and the bot connected through the real
// discordgo client. Restart replaces the bot process, keeping the rest.
type World struct {
	T     *testing.T
	Srv   *discordtest.Server
	Guild *discordtest.Guild
	Ch    *discordtest.Channel
	DB    string // the database file
	Opts  bot.Options

	St      *store.Store // the running bot's store
	Session *discordgo.Session
	B       *bot.Bot
}

// FastTiming keeps games quick in tests; the production defaults are in
// bot.Options.
func FastTiming(o *bot.Options) {
	o.ClaimGrace = 60 * time.Millisecond
	o.ComputerDelay = 20 * time.Millisecond
	o.ComputerCall = 30 * time.Millisecond
	o.PublicEvery = 50 * time.Millisecond
}

func NewWorld(t *testing.T, tune ...func(*bot.Options)) *World {
	t.Helper()
	return NewWorldOn(t, nil, tune...)
}

// NewWorldOn is NewWorld with options for the fake Discord, such as a
// fake clock (discordtest.WithClock).
func NewWorldOn(t *testing.T, srv []discordtest.Option, tune ...func(*bot.Options)) *World {
	t.Helper()
	w := &World{T: t, Srv: discordtest.New(t, append([]discordtest.Option{discordtest.WithCallbackDeadline(CallbackDeadline)}, srv...)...), DB: filepath.Join(t.TempDir(), "data", "cardbot.db")}
	w.Guild = w.Srv.AddGuild("test server")
	w.Ch = w.Guild.AddChannel("card-tables")
	FastTiming(&w.Opts)
	for _, f := range tune {
		f(&w.Opts)
	}
	w.Start()
	t.Cleanup(w.Stop)
	return w
}

// Start runs a fresh bot "process" against the same fake and database.
func (w *World) Start() {
	w.T.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, w.DB)
	if err != nil {
		w.T.Fatalf("store.Open: %v", err)
	}
	s := w.Srv.Session("test-token")
	o := w.Opts
	o.Session, o.Store, o.DevGuildID = s, st, w.Guild.ID()
	o.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	if testing.Verbose() {
		o.Log = slog.New(slog.NewTextHandler(testWriter{w.T}, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	b := bot.New(o)
	b.Listen(s)
	if err := s.Open(); err != nil {
		w.T.Fatalf("session.Open: %v", err)
	}
	if err := b.Start(ctx); err != nil {
		w.T.Fatalf("bot.Start: %v", err)
	}
	w.St, w.Session, w.B = st, s, b
}

// Stop shuts the bot down the way SIGTERM does.
func (w *World) Stop() {
	if w.B == nil {
		return
	}
	w.B.Shutdown(context.Background())
	w.closeSession()
	_ = w.St.Close()
	w.B = nil
}

// closeSession closes the bot's gateway connection without waiting out the
// rest of discordgo's Session.Close, which (v0.29.0, wsapi.go) sends the
// close frame and then sleeps a full second before closing the socket.
// Every Stop and Restart paid that second: a third of bot/laro's test
// time. The close frame is what counts: once the fake has read it and
// dropped the connection, nothing reaches the old session any more, so the
// next Start cannot race it. Close finishes in the background; nothing
// waits for it, not even the test's end, because a parallel test holds
// one of the -parallel slots until its cleanups return. What is left of
// Close touches only the old session: it closes a socket the fake has
// already closed and tells the session's handlers (none of the bot's)
// that it disconnected.
func (w *World) closeSession() {
	s := w.Session
	before := w.Srv.Connected()
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = s.Close()
	}()
	if before == 0 {
		// Not connected (the test cut the gateway): nothing to wait for
		// but Close itself.
		<-done
		return
	}
	tick := time.NewTicker(2 * time.Millisecond)
	defer tick.Stop()
	for w.Srv.Connected() >= before {
		select {
		case <-done:
			return
		case <-tick.C:
		}
	}
}

// Restart stops the bot and starts a new one on the same database.
func (w *World) Restart() {
	w.Stop()
	w.Start()
}

type testWriter struct{ t *testing.T }

func (tw testWriter) Write(p []byte) (int, error) {
	tw.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// NoFailures asserts Discord saw no late, double or missing answer.
func (w *World) NoFailures() {
	w.T.Helper()
	for _, f := range w.Srv.Failures() {
		w.T.Errorf("interaction failure a user would see: %s", f)
	}
}

// Answer waits for the bot's callback to an interaction. A click on a
// public message that the bot acknowledged with a deferred update (type 6:
// nothing changes on that message) and answered privately with a
// follow-up, to edit the table message through the click's token, comes
// back with the follow-up as its Message, and Ephemeral as the follow-up
// is: that is the answer the player sees. A command or click the bot
// deferred ("thinking…", type 5: the bot defers whatever it has not
// answered within bot.Options.DeferAfter, which a loaded machine reaches)
// comes back with the answer that replaced the placeholder (see Shown),
// not the empty placeholder.
func Answer(t *testing.T, r *discordtest.Response, err error) discordtest.Callback {
	t.Helper()
	if err != nil {
		t.Fatalf("action refused by Discord: %v", err)
	}
	cb, err := r.Wait()
	if err != nil {
		t.Fatalf("no answer: %v", err)
	}
	if cb.Type == discordgo.InteractionResponseDeferredMessageUpdate && cb.Message != nil &&
		cb.Message.Flags&discordgo.MessageFlagsEphemeral == 0 {
		fs, err := r.WaitFollowups(1, Patience)
		if err != nil {
			t.Fatalf("a deferred update of a public message, and no private answer followed: %v", err)
		}
		cb.Message = fs[0]
		cb.Ephemeral = fs[0].Flags&discordgo.MessageFlagsEphemeral != 0
	}
	if cb.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource {
		placeholder := cb.Message
		cb.Message = Shown(t, r, cb)
		if placeholder == nil || cb.Message == nil || cb.Message.ID != placeholder.ID {
			// A public answer came as a follow-up after the private placeholder.
			cb.Ephemeral = cb.Message != nil && cb.Message.Flags&discordgo.MessageFlagsEphemeral != 0
		}
	}
	return cb
}

// Text is everything a message shows as text: content, embeds (a field's
// name and value on lines of their own), buttons.
func Text(m *discordgo.Message) string {
	return discordtest.MessageText(m, discordtest.TextLayout{FieldSep: "\n", ButtonSep: "\n"})
}

// Button returns the custom_id of m's first component whose verb (and,
// unless arg is "*", argument) match, or "". The bot's custom_ids are
// "v1/<game>/<table>/<turn>/<verb>[/<arg>]".
func Button(m *discordgo.Message, verb, arg string) string {
	if m == nil {
		return ""
	}
	for _, id := range discordtest.CustomIDs(m) {
		parts := strings.Split(id, "/")
		if len(parts) < 5 || parts[4] != verb {
			continue
		}
		got := ""
		if len(parts) > 5 {
			got = parts[5]
		}
		if arg == "*" || got == arg {
			return id
		}
	}
	return ""
}

// TableMessage waits for the channel message whose text contains want.
func (w *World) TableMessage(want string) *discordgo.Message {
	w.T.Helper()
	var found *discordgo.Message
	_, err := w.Ch.Wait(Patience, func(ms []*discordgo.Message) bool {
		for i := len(ms) - 1; i >= 0; i-- {
			if strings.Contains(Text(ms[i]), want) {
				found = ms[i]
				return true
			}
		}
		return false
	})
	if err != nil {
		var all []string
		for _, m := range w.Ch.Messages() {
			all = append(all, Text(m))
		}
		w.T.Fatalf("no channel message shows %q; the channel shows:\n%s", want, strings.Join(all, "\n----\n"))
	}
	return found
}
