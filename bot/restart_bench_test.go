package bot_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cardbot/cardbot/bot"
	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/engine/laro"
	"github.com/cardbot/cardbot/store"
)

// BenchmarkRestart1000Tables measures a restart with 1,000 live Laro tables
// in the store, each a few turns into its game: from bot.Start (commands
// registered, every table replayed from its log, its timers re-armed and
// its redraw queued) to its return. Discord answers at 50 ms. It also
// reports the Go memory (heap and stacks) each rebuilt table holds.
//
//	go test ./bot -run '^$' -bench Restart1000 -benchtime 3x
func BenchmarkRestart1000Tables(b *testing.B) {
	const tables = 1000
	ctx := context.Background()
	db := filepath.Join(b.TempDir(), "cardbot.db")
	st, err := store.Open(ctx, db)
	if err != nil {
		b.Fatal(err)
	}
	srv := discordtest.New(b)
	g := srv.AddGuild("load")
	ch := g.AddChannel("tables")
	for i := range tables {
		seedLaroTable(b, st, g.ID(), ch.ID(), fmt.Sprintf("u%d", 2*i), fmt.Sprintf("u%d", 2*i+1), uint64(i+1))
	}
	if err := st.Close(); err != nil {
		b.Fatal(err)
	}
	srv.SetLatency(50*time.Millisecond, 0)
	rebuilt := &countingHandler{Handler: slog.NewTextHandler(io.Discard, nil), msg: "table rebuilt"}
	log := slog.New(rebuilt)

	b.ResetTimer()
	for b.Loop() {
		st, err := store.Open(ctx, db)
		if err != nil {
			b.Fatal(err)
		}
		s := srv.Session("test-token")
		bt := bot.New(bot.Options{Session: s, Store: st, Log: log, DevGuildID: g.ID()})
		if err := s.Open(); err != nil {
			b.Fatal(err)
		}
		before := liveBytes()
		start := time.Now()
		if err := bt.Start(ctx); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(time.Since(start).Seconds(), "s/restart")
		b.StopTimer()
		b.ReportMetric(float64(liveBytes()-before)/tables, "live-B/table")
		if n := rebuilt.n.Swap(0); n != tables {
			b.Fatalf("%d tables rebuilt, want %d", n, tables)
		}
		bt.Shutdown(ctx)
		_ = s.Close()
		_ = st.Close()
		b.StartTimer()
	}
}

// liveBytes is the Go memory held after a collection: heap objects and
// goroutine stacks. What it grows by over a start is what the live tables
// hold, without the garbage a collector has yet to free.
func liveBytes() int64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc + m.StackInuse)
}

// seedLaroTable stores a two-player Laro table a few turns into its game,
// as the bot would have: the game, its start record and its actions.
func seedLaroTable(tb testing.TB, st *store.Store, guild, channel, a, b string, seed uint64) {
	ctx := context.Background()
	gm, err := st.CreateGame(ctx, store.Game{
		TableID: fmt.Sprintf("t%05d", seed), Kind: store.KindLaro, Guild: guild, Channel: channel, Host: a,
		Settings: []byte(`{"stake":0,"ante":0,"claim_window_ms":0,"turn_timer_s":600,"game_no":1}`),
		Seats:    []store.Seat{{User: a}, {User: b}}, Status: store.StatusLobby,
	})
	if err != nil {
		tb.Fatal(err)
	}
	game, err := laro.New(laro.Config{Seats: 2, Dealer: 0}, seed)
	if err != nil {
		tb.Fatal(err)
	}
	now := time.Now()
	recs := []string{fmt.Sprintf("start %016x %d", seed, 0)}
	for range 6 {
		act, ok := laro.Choose(laro.Computer{}, game.View(game.Turn()))
		if !ok || game.Apply(act) != nil || game.Over() {
			break
		}
		recs = append(recs, act.String())
	}
	for i, data := range recs {
		rec := store.ActionRecord{GameID: gm.ID, Seq: int64(i + 1), Data: []byte(data), At: now}
		if i == 0 {
			rec.Status = store.StatusPlaying
		}
		dl := store.Deadline{At: now.Add(10 * time.Minute), Kind: "turn"}
		rec.Deadline = &dl
		if err := st.AppendAction(ctx, rec, nil); err != nil {
			tb.Fatal(err)
		}
	}
}

// countingHandler counts the log records whose message is msg.
type countingHandler struct {
	slog.Handler
	msg string
	n   atomic.Int64
}

func (h *countingHandler) Handle(ctx context.Context, r slog.Record) error {
	if r.Message == h.msg {
		h.n.Add(1)
	}
	return h.Handler.Handle(ctx, r)
}
