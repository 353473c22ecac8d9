package store

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"
)

// BenchmarkAppendActionConcurrent measures durable (committed) appends per second, each
// with three chip movements, from many tables at once: 64 goroutines per CPU, each
// playing its own game.
func BenchmarkAppendActionConcurrent(b *testing.B) {
	ctx := context.Background()
	s := openTest(b)
	var next atomic.Int64
	b.SetParallelism(64)
	b.ResetTimer()
	start := time.Now()
	b.RunParallel(func(pb *testing.PB) {
		i := next.Add(1)
		guild := fmt.Sprintf("g%d", i%8)
		players := []string{fmt.Sprintf("a%d", i), fmt.Sprintf("b%d", i), fmt.Sprintf("c%d", i)}
		g := newGame(b, s, guild, players...)
		for seq := int64(1); pb.Next(); seq++ {
			rec := ActionRecord{GameID: g.ID, Seq: seq, Data: []byte(`{"kind":"discard","card":"C+7"}`), At: time.Now()}
			if err := s.AppendAction(ctx, rec, crashMoves(players, seq)); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "actions/s")
}
