package outbox

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/restpace"
	"github.com/cardbot/cardbot/bot/ui"
)

// holdEdit is a transport that holds the edits of one message for a
// while, as a loaded Discord or machine would, says when the first one
// starts, and notes the most calls it ever had in flight at once.
type holdEdit struct {
	next    http.RoundTripper
	path    string // the held message's path
	hold    time.Duration
	started chan struct{}

	mu           sync.Mutex
	flying, most int
}

func (f *holdEdit) RoundTrip(req *http.Request) (*http.Response, error) {
	f.mu.Lock()
	f.flying++
	f.most = max(f.most, f.flying)
	f.mu.Unlock()
	if req.Method == http.MethodPatch && strings.HasSuffix(req.URL.Path, f.path) {
		select {
		case f.started <- struct{}{}:
		default:
		}
		time.Sleep(f.hold) // the edit's time on the wire, not a wait for an event
	}
	resp, err := f.next.RoundTrip(req)
	f.mu.Lock()
	f.flying--
	f.mu.Unlock()
	return resp, err
}

// TestDispatcherOneCallInFlightPerTable: work queued while a table's call
// is on its way waits for that call to land. Before, it started a second
// call beside the first whenever the two went to different rate-limit
// buckets: at a game's end in a thread, an announcement queued during the
// thread's final table edit went out beside it, and the archive that
// follows it too, so the thread was archived before the edit arrived,
// Discord refused the edit, and the archived table kept its buttons
// (TestLaroGamePlayedInAThread failed so on a loaded machine).
func TestDispatcherOneCallInFlightPerTable(t *testing.T) {
	srv := discordtest.New(t)
	ch := srv.AddGuild("g").AddChannel("t")
	s := srv.Session("test-token")
	lobby, err := s.ChannelMessageSend(ch.ID(), "lobby")
	if err != nil {
		t.Fatal(err)
	}
	started, err := s.MessageThreadStart(ch.ID(), lobby.ID, "game 1", 1440)
	if err != nil {
		t.Fatal(err)
	}
	th := srv.Channel(started.ID)
	table, err := s.ChannelMessageSend(th.ID(), "table")
	if err != nil {
		t.Fatal(err)
	}
	flights := &holdEdit{next: s.Client.Transport, path: "/channels/" + th.ID() + "/messages/" + table.ID,
		hold: 300 * time.Millisecond, started: make(chan struct{}, 1)}
	if flights.next == nil {
		flights.next = http.DefaultTransport
	}
	s.Client.Transport = flights

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	d := restpace.New(1000, nil) // a burst of 40: only the one-in-flight rule holds calls back
	go d.Run(ctx)
	var sends sync.WaitGroup
	o := New(s, slog.New(slog.NewTextHandler(io.Discard, nil)), th.ID(), table.ID, time.Millisecond, d, &sends, nil)
	o.EndThread(ui.Rendering{Content: "final"}, ch.ID(), lobby.ID, ui.Rendering{Content: "result"})
	select {
	case <-flights.started:
	case <-time.After(10 * time.Second):
		t.Fatal("the thread's final table edit never started")
	}
	o.Announce(ui.Rendering{Content: "news"}, nil)

	for deadline := time.Now().Add(10 * time.Second); !th.Archived(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the thread was never archived")
		}
	}
	if got := th.Message(table.ID).Content; got != "final" {
		t.Errorf("the archived thread's table message shows %q, want its final state", got)
	}
	if _, err := ch.Wait(10*time.Second, func(ms []*discordgo.Message) bool {
		return len(ms) == 2 && ms[0].Content == "result" && ms[1].Content == "news"
	}); err != nil {
		t.Errorf("the channel shows %v, want the result and the announcement", ch.Messages())
	}
	flights.mu.Lock()
	defer flights.mu.Unlock()
	if flights.most != 1 {
		t.Errorf("%d calls of one table were in flight at once, want 1", flights.most)
	}
}
