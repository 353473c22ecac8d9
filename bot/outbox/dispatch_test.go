package outbox

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/metrics"
	"github.com/cardbot/cardbot/bot/restpace"
	"github.com/cardbot/cardbot/bot/ui"
)

// TestDispatcherKeepsUnderTheGlobalLimit: many tables posting and editing
// their messages at once, against Discord's rate limits with a small global
// budget, earn no 429 of any scope; every table's last rendering arrives;
// and the tables whose messages went stale first are served first.
func TestDispatcherKeepsUnderTheGlobalLimit(t *testing.T) {
	const budget, tables = 10, 8 // a budget of 10 starts calls one at a time
	srv := discordtest.New(t)
	srv.SetLatency(20*time.Millisecond, 5*time.Millisecond)
	limits := discordtest.DefaultRateLimits()
	limits.Global = discordtest.Limit{Requests: budget, Per: time.Second}
	srv.EnableRateLimits(limits)
	g := srv.AddGuild("g")
	s := srv.Session("test-token")
	if err := s.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	log := slog.New(slog.NewTextHandler(io.Discard, nil))

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	m := metrics.New()
	d := restpace.New(budget, m)
	go d.Run(ctx)
	var sends sync.WaitGroup
	var boxes []*Outbox
	var chans []*discordtest.Channel
	for i := range tables {
		ch := g.AddChannel(fmt.Sprintf("t%d", i))
		chans = append(chans, ch)
		boxes = append(boxes, New(s, log, ch.ID(), "", 50*time.Millisecond, d, &sends, nil))
	}
	// Every table posts its message, one a little after the other, then
	// changes it many times over.
	for i, o := range boxes {
		o.SetPublic(ui.Rendering{Content: fmt.Sprintf("table %d v0", i)}, true)
		time.Sleep(2 * time.Millisecond)
	}
	for v := 1; v <= 20; v++ {
		for i, o := range boxes {
			o.SetPublic(ui.Rendering{Content: fmt.Sprintf("table %d v%d", i, v)}, false)
		}
		time.Sleep(25 * time.Millisecond)
	}
	for i, ch := range chans {
		want := fmt.Sprintf("table %d v20", i)
		if _, err := ch.Wait(10*time.Second, func(ms []*discordgo.Message) bool {
			return len(ms) == 1 && ms[0].Content == want
		}); err != nil {
			t.Fatalf("table %d never showed its last rendering (%v): %+v", i, err, ch.Messages())
		}
	}
	time.Sleep(100 * time.Millisecond) // the fake logs a request just after answering it
	stats := srv.RateLimitStats()
	for scope, n := range stats.TooMany {
		if n > 0 {
			t.Errorf("%d 429s of scope %s", n, scope)
		}
	}
	// The posts went out in the order the tables went stale.
	var posts []string
	for _, r := range srv.Requests() {
		if r.Method == "POST" && strings.HasPrefix(r.Route, "/channels/") {
			posts = append(posts, r.Path)
		}
	}
	if len(posts) != tables {
		t.Fatalf("%d posts, want %d (one per table)", len(posts), tables)
	}
	for i, p := range posts {
		if !strings.Contains(p, "/channels/"+chans[i].ID()+"/") {
			t.Errorf("post %d went to %s, want table %d's channel first: the stalest table is served first", i, p, i)
		}
	}
	// Eight tables at a budget of 10 calls a second wait for it, and that shows.
	if w := waitSeconds(t, m, "global_budget"); w <= 0 {
		t.Errorf("time waited for the global budget: %v s, want some", w)
	}
	// Coalesced: far fewer calls than changes.
	if n := stats.Requests[discordtest.ScopeGlobal]; n > tables*12 {
		t.Errorf("%d calls for %d tables' 21 renderings each: changes were not coalesced", n, tables)
	}
}

// waitSeconds reads cardbot_rate_limit_wait_seconds_total{limit} from m.
func waitSeconds(t *testing.T, m *metrics.Metrics, limit string) float64 {
	t.Helper()
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	series := `cardbot_rate_limit_wait_seconds_total{limit="` + limit + `"} `
	for _, line := range strings.Split(rec.Body.String(), "\n") {
		if v, ok := strings.CutPrefix(line, series); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatal(err)
			}
			return f
		}
	}
	t.Fatalf("no %s in the scrape", series)
	return 0
}
