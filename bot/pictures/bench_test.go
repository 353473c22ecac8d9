package pictures

import (
	"syscall"
	"testing"
	"time"
)

// reportCPU adds the process's CPU time per operation to a benchmark's
// figures: on a machine shared with other work, wall time per operation
// mostly measures the wait for a core, and CPU time what drawing costs.
func reportCPU(b *testing.B, run func()) {
	b.Helper()
	cpu := func() time.Duration {
		var ru syscall.Rusage
		if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
			b.Fatal(err)
		}
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	n := 0
	start := cpu()
	for b.Loop() {
		run()
		n++
	}
	b.ReportMetric(float64(cpu()-start)/float64(time.Millisecond)/float64(n), "cpu-ms/op")
}
