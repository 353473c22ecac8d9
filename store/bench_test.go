package store

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// BenchmarkAppendActionConcurrent measures durable (committed) appends per second, each
// with three chip movements, from many tables at once: 64 goroutines per CPU, each
// playing its own game. Besides the rate it reports the group commit's mean batch size
// the writer's time in statements per action (the CPU a batch costs before its commit),
// and the COMMIT's latency (writing the WAL and its fsync), p50 and p99. It runs on each
// backend (see backendNames); on PostgreSQL cpu-µs/action is the bot's side, and
// server-cpu-µs/action the server's when it runs on this machine.
func BenchmarkAppendActionConcurrent(b *testing.B) {
	for _, name := range backendNames() {
		b.Run(name, benchmarkAppendActionConcurrent)
	}
}

func benchmarkAppendActionConcurrent(b *testing.B) {
	ctx := context.Background()
	s := openTest(b)
	var mu sync.Mutex
	var sizes int
	var statements time.Duration
	var commits []time.Duration
	s.observeBatch = func(size int, stmts, commit time.Duration) {
		mu.Lock()
		sizes += size
		statements += stmts
		commits = append(commits, commit)
		mu.Unlock()
	}
	var set int
	s.observeSet = func(n int) {
		mu.Lock()
		set += n
		mu.Unlock()
	}
	var next atomic.Int64
	b.SetParallelism(64)
	var server func() time.Duration
	if onPostgres(b) {
		server = serverCPU(s)
	}
	b.ResetTimer()
	cpu0 := cpuTime()
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
	elapsed := time.Since(start)
	cpu := cpuTime() - cpu0
	b.StopTimer()
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "actions/s")
	// The process's CPU time (user and system, all threads) per action: unlike the rate,
	// it hardly changes when other programs share the machine.
	b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "cpu-µs/action")
	if server != nil {
		// The server's processes, alike: on a local server, what bounds PostgreSQL.
		b.ReportMetric(float64(server().Microseconds())/float64(b.N), "server-cpu-µs/action")
	}
	mu.Lock()
	defer mu.Unlock()
	if len(commits) == 0 {
		return
	}
	slices.Sort(commits)
	b.ReportMetric(float64(sizes)/float64(len(commits)), "batch-mean")
	if onPostgres(b) {
		// The share of actions written by appendSet's set-based statements.
		b.ReportMetric(float64(set)/float64(sizes), "set-share")
	}
	b.ReportMetric(float64(statements.Microseconds())/float64(sizes), "stmt-µs/action")
	b.ReportMetric(float64(commits[len(commits)/2].Microseconds())/1000, "commit-p50-ms")
	b.ReportMetric(float64(commits[len(commits)*99/100].Microseconds())/1000, "commit-p99-ms")
}

// cpuTime is the CPU time the process has used so far, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
