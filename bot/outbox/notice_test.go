package outbox

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/restpace"
	"github.com/cardbot/cardbot/bot/ui"
)

// TestNoticesShareTheTablesBudget: tables whose messages change while their
// turn notices are posted, replaced and withdrawn, against Discord's rate
// limits with a small global budget, earn no 429; every channel ends with
// its table message and, where a notice is due, exactly that one notice,
// pinging its player alone and linking the table message; every notice
// replaced or withdrawn, even one withdrawn while its post was on its way,
// is deleted.
func TestNoticesShareTheTablesBudget(t *testing.T) {
	const budget, tables = 10, 6
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
	players := []*discordtest.User{srv.User("ann"), srv.User("bob")}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	d := restpace.New(budget, nil)
	go d.Run(ctx)
	var sends sync.WaitGroup
	var boxes []*Outbox
	var chans []*discordtest.Channel
	for i := range tables {
		ch := g.AddChannel(fmt.Sprintf("t%d", i))
		chans = append(chans, ch)
		boxes = append(boxes, New(s, log, ch.ID(), "", 50*time.Millisecond, d, &sends, nil))
	}
	text := func(user string) func(string) string {
		return func(jump string) string { return fmt.Sprintf("<@%s> your turn: %s", user, jump) }
	}
	for i, o := range boxes {
		o.SetPublic(ui.Rendering{Content: fmt.Sprintf("table %d v0", i)}, true)
		o.PostNotice(g.ID(), players[0].ID(), text(players[0].ID()))
	}
	for v := 1; v <= 6; v++ {
		for i, o := range boxes {
			o.SetPublic(ui.Rendering{Content: fmt.Sprintf("table %d v%d", i, v)}, false)
			switch {
			case v == 6 && i%2 == 1:
				o.WithdrawNotice() // the last turn is a computer's: no notice
			default:
				// The turn passes to the other player: their notice
				// replaces the one before.
				o.PostNotice(g.ID(), players[v%2].ID(), text(players[v%2].ID()))
			}
		}
		time.Sleep(30 * time.Millisecond)
	}
	// Everything queued reaches Discord, within the budget.
	drained, stop := context.WithTimeout(context.Background(), 20*time.Second)
	defer stop()
	d.Drain(drained)
	cancel()

	last := players[6%2]
	for i, ch := range chans {
		ms := ch.Messages()
		var table *discordgo.Message
		var notices []*discordgo.Message
		for _, m := range ms {
			if len(m.Mentions) > 0 {
				notices = append(notices, m)
			} else {
				table = m
			}
		}
		if table == nil || table.Content != fmt.Sprintf("table %d v6", i) {
			t.Errorf("table %d shows %+v, want its last rendering", i, table)
			continue
		}
		want := 1
		if i%2 == 1 {
			want = 0
		}
		if len(notices) != want {
			t.Errorf("table %d shows %d notices, want %d", i, len(notices), want)
			continue
		}
		if want == 1 {
			n := notices[0]
			if len(n.Mentions) != 1 || n.Mentions[0].ID != last.ID() {
				t.Errorf("table %d's notice pings %v, want only %s", i, n.Mentions, last.ID())
			}
			if !strings.HasSuffix(n.Content, "/"+ch.ID()+"/"+table.ID) {
				t.Errorf("table %d's notice %q does not link its table message %s", i, n.Content, table.ID)
			}
		}
		// Seven notices were asked for (six at the odd tables); the ones
		// posted and then replaced or withdrawn are all deleted.
		posted := map[string]bool{}
		for _, m := range ch.History() {
			if len(m.Mentions) > 0 {
				posted[m.ID] = true
			}
		}
		if deleted := len(ch.Deleted()); deleted != len(posted)-want {
			t.Errorf("table %d: %d notices posted, %d deleted, %d shown", i, len(posted), deleted, want)
		}
	}
	for scope, n := range srv.RateLimitStats().TooMany {
		if n > 0 {
			t.Errorf("%d 429s of scope %s", n, scope)
		}
	}
}
