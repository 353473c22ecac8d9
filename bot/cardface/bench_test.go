package cardface

import (
	"syscall"
	"testing"
	"time"

	"github.com/cardbot/cardbot/engine/laro"
)

// BenchmarkRenderEncodeAll draws every distinct face from nothing (no
// cache) and encodes each as PNG, on every CPU, as the emoji set does once
// at start. It reports the largest file, which Discord caps at 256 KiB, and
// the CPU time spent, which unlike the wall time does not grow when other
// work shares the machine.
func BenchmarkRenderEncodeAll(b *testing.B) {
	largest := 0
	cpu0 := cpuTime()
	for b.Loop() {
		faces := append(drawAllLaro()[:62], drawAllLaus()[1:]...)
		sizes := make([]int, len(faces))
		inParallel(len(faces), func(_ *fonts, i int) {
			data, err := PNG(faces[i])
			if err != nil {
				panic(err)
			}
			sizes[i] = len(data)
		})
		for _, n := range sizes {
			largest = max(largest, n)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/all")
	b.ReportMetric(float64(largest), "max-bytes")
	b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/all")
}

// cpuTime is the CPU time this process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkCachedFace is what every later use of a face costs: a copy of
// the cached pixels, never a new drawing.
func BenchmarkCachedFace(b *testing.B) {
	c, _ := laro.NewCard(laro.Square, true, 9)
	Laro(c)
	for b.Loop() {
		Laro(c)
	}
}
