package bot_test

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

// world is one end-to-end setup: a fake Discord with a server and a
// channel, a real SQLite file, and the bot connected through the real
// discordgo client. restart replaces the bot process, keeping the rest.
type world struct {
	t     *testing.T
	srv   *discordtest.Server
	guild *discordtest.Guild
	ch    *discordtest.Channel
	db    string
	opts  bot.Options

	st      *store.Store
	session *discordgo.Session
	b       *bot.Bot
}

// fastTiming keeps games quick in tests; the production defaults are in
// bot.Options.
func fastTiming(o *bot.Options) {
	o.ClaimGrace = 60 * time.Millisecond
	o.ComputerDelay = 20 * time.Millisecond
	o.ComputerCall = 30 * time.Millisecond
	o.PublicEvery = 50 * time.Millisecond
}

func newWorld(t *testing.T, tune ...func(*bot.Options)) *world {
	t.Helper()
	w := &world{t: t, srv: discordtest.New(t), db: filepath.Join(t.TempDir(), "data", "cardbot.db")}
	w.guild = w.srv.AddGuild("test server")
	w.ch = w.guild.AddChannel("card-tables")
	fastTiming(&w.opts)
	for _, f := range tune {
		f(&w.opts)
	}
	w.start()
	t.Cleanup(w.stop)
	return w
}

// start runs a fresh bot "process" against the same fake and database.
func (w *world) start() {
	w.t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, w.db)
	if err != nil {
		w.t.Fatalf("store.Open: %v", err)
	}
	s := w.srv.Session("test-token")
	o := w.opts
	o.Session, o.Store, o.DevGuildID = s, st, w.guild.ID()
	o.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	if testing.Verbose() {
		o.Log = slog.New(slog.NewTextHandler(testWriter{w.t}, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	b := bot.New(o)
	s.AddHandler(b.HandleInteraction)
	if err := s.Open(); err != nil {
		w.t.Fatalf("session.Open: %v", err)
	}
	if err := b.Start(ctx); err != nil {
		w.t.Fatalf("bot.Start: %v", err)
	}
	w.st, w.session, w.b = st, s, b
}

// stop shuts the bot down the way SIGTERM does.
func (w *world) stop() {
	if w.b == nil {
		return
	}
	w.b.Shutdown(context.Background())
	_ = w.session.Close()
	_ = w.st.Close()
	w.b = nil
}

// restart stops the bot and starts a new one on the same database.
func (w *world) restart() {
	w.stop()
	w.start()
}

type testWriter struct{ t *testing.T }

func (tw testWriter) Write(p []byte) (int, error) {
	tw.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// noFailures asserts Discord saw no late, double or missing answer.
func (w *world) noFailures() {
	w.t.Helper()
	for _, f := range w.srv.Failures() {
		w.t.Errorf("interaction failure a user would see: %s", f)
	}
}

// answer waits for the bot's callback to an interaction.
func answer(t *testing.T, r *discordtest.Response, err error) discordtest.Callback {
	t.Helper()
	if err != nil {
		t.Fatalf("action refused by Discord: %v", err)
	}
	cb, err := r.Wait()
	if err != nil {
		t.Fatalf("no answer: %v", err)
	}
	return cb
}

// text is everything a message shows as text: content, embeds, buttons.
func text(m *discordgo.Message) string {
	if m == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString(m.Content)
	for _, e := range m.Embeds {
		b.WriteString("\n" + e.Title + "\n" + e.Description)
		for _, f := range e.Fields {
			b.WriteString("\n" + f.Name + "\n" + f.Value)
		}
		if e.Footer != nil {
			b.WriteString("\n" + e.Footer.Text)
		}
	}
	for _, btn := range discordtest.Buttons(m) {
		b.WriteString("\n[" + btn.Label + "]")
	}
	return b.String()
}

// button returns the custom_id of m's first component whose verb (and,
// unless arg is "*", argument) match, or "". The bot's custom_ids are
// "v1/<game>/<table>/<turn>/<verb>[/<arg>]".
func button(m *discordgo.Message, verb, arg string) string {
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

// tableMessage waits for the channel message whose text contains want.
func (w *world) tableMessage(want string) *discordgo.Message {
	w.t.Helper()
	var found *discordgo.Message
	_, err := w.ch.Wait(5*time.Second, func(ms []*discordgo.Message) bool {
		for i := len(ms) - 1; i >= 0; i-- {
			if strings.Contains(text(ms[i]), want) {
				found = ms[i]
				return true
			}
		}
		return false
	})
	if err != nil {
		var all []string
		for _, m := range w.ch.Messages() {
			all = append(all, text(m))
		}
		w.t.Fatalf("no channel message shows %q; the channel shows:\n%s", want, strings.Join(all, "\n----\n"))
	}
	return found
}
