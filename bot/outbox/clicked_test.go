package outbox

import (
	"context"
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/metrics"
	"github.com/cardbot/cardbot/bot/restpace"
	"github.com/cardbot/cardbot/bot/ui"
)

// A clicked message's redraw queued in the outbox waits for its callback's
// fate: dropped when the callback was shown, sent at once when it was
// refused, and dropped when a newer rendering of the same table message
// comes first.
func TestOutboxClickedRedrawWaitsForItsCallback(t *testing.T) {
	o, ch, id, shows := clickedOutbox(t)
	held := func(what string) *clickedEdit {
		return &clickedEdit{channel: ch.ID(), messageID: id, r: ui.Rendering{Content: what}, hold: time.Now().Add(time.Hour)}
	}

	shown := held("shown by its callback")
	o.queueClicked(shown)
	o.settleClicked(shown, true)
	refused := held("refused callback")
	o.queueClicked(refused)
	o.settleClicked(refused, false)
	shows("refused callback")

	stale := held("older than the next rendering")
	o.queueClicked(stale)
	o.SetPublic(ui.Rendering{Content: "newer"}, false)
	shows("newer")
	o.mu.Lock()
	left := len(o.clicked)
	o.mu.Unlock()
	if left != 0 {
		t.Errorf("%d clicked redraws still queued after a newer rendering of their message", left)
	}
	if slices.ContainsFunc(ch.History(), func(m *discordgo.Message) bool {
		return m.Content == "shown by its callback" || m.Content == "older than the next rendering"
	}) {
		t.Error("the outbox sent a redraw that its callback had shown, or one older than the table's rendering")
	}
}

// clickedOutbox starts an outbox on a fake Discord and has it post its
// table message ("lobby"). shows waits until that message shows what.
func clickedOutbox(t *testing.T) (o *Outbox, ch *discordtest.Channel, id string, shows func(what string)) {
	t.Helper()
	o, _, ch, id, shows = pacedOutbox(t, time.Millisecond)
	return o, ch, id, shows
}

// pacedOutbox is clickedOutbox with its table message edited at most once every every.
func pacedOutbox(t *testing.T, every time.Duration) (o *Outbox, srv *discordtest.Server, ch *discordtest.Channel, id string, shows func(what string)) {
	t.Helper()
	srv = discordtest.New(t)
	ch = srv.AddGuild("g").AddChannel("tables")
	s := srv.Session("test-token")
	if err := s.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	d := restpace.New(restpace.DefaultGlobalBudget, metrics.New())
	go d.Run(ctx)
	var sends sync.WaitGroup
	posted := make(chan string, 1)
	o = New(s, slog.New(slog.NewTextHandler(testLog{t}, nil)), ch.ID(), "", every, d, &sends,
		func(id string) { posted <- id })
	shows = func(what string) {
		t.Helper()
		if _, err := ch.Wait(5*time.Second, func(ms []*discordgo.Message) bool { return len(ms) == 1 && ms[0].Content == what }); err != nil {
			t.Fatalf("the table message never showed %q: %v", what, err)
		}
	}
	o.SetPublic(ui.Rendering{Content: "lobby"}, true)
	select {
	case id = <-posted: // the outbox knows its message from now on
	case <-time.After(5 * time.Second):
		t.Fatal("the table message was never posted")
	}
	shows("lobby")
	return o, srv, ch, id, shows
}

// A click's callback that reaches Discord after a newer rendering of its
// message (the game's start giving the ready check its last rendering, or
// the callback of a later click) would leave the message showing the older
// one: the outbox sends the newest again once the callback is reported
// shown. The callbacks landing are played by editing the message as
// Discord does for UPDATE_MESSAGE.
func TestOutboxNewestRenderingWinsOverALateCallback(t *testing.T) {
	o, ch, id, shows := clickedOutbox(t)
	s := o.session
	held := func(what string) *clickedEdit {
		return &clickedEdit{channel: ch.ID(), messageID: id, r: ui.Rendering{Content: what}, hold: time.Now().Add(time.Hour)}
	}
	lands := func(e *clickedEdit) {
		t.Helper()
		if _, err := s.ChannelMessageEdit(ch.ID(), id, e.r.Content); err != nil {
			t.Fatal(err)
		}
		o.settleClicked(e, true)
	}

	// The last I'm in starts the game: the ready check's final edit goes
	// out while the callback of the I'm in before it is still in flight.
	early := held("ready check: one in")
	o.queueClicked(early)
	o.FinalEdit(ch.ID(), id, ui.Rendering{Content: "final: the game is below"})
	shows("final: the game is below")
	lands(early)
	shows("final: the game is below")

	// Two clicks on the same message, whose callbacks land out of order.
	first, second := held("two in"), held("three in")
	o.queueClicked(first)
	o.queueClicked(second)
	lands(second)
	lands(first)
	shows("three in")
	o.mu.Lock()
	left := len(o.fences.byID)
	o.mu.Unlock()
	if left != 0 {
		t.Errorf("%d messages still fenced after every callback landed", left)
	}
}

// testLog writes a logger's lines to the test's log.
type testLog struct{ t *testing.T }

func (l testLog) Write(p []byte) (int, error) { l.t.Log(string(p)); return len(p), nil }
