package laus

import (
	"testing"
)

// BenchmarkReplayLastStep builds the last step of the longest of 1000
// seeded computer matches to the default target (replay from the log and
// the viewer's rendering, jump menu included): the most work any step of
// any of them takes. The target is 5 ms a step.
func BenchmarkReplayLastStep(b *testing.B) {
	var longest *lausReplay
	for seed := uint64(1); seed <= 1000; seed++ {
		gm, recs, _ := simMatch(b, 3+int(seed%2), defaultTarget, seed)
		r, err := loadLausReplay(gm, recs)
		if err != nil {
			b.Fatal(err)
		}
		if longest == nil || r.last() > longest.last() {
			longest = r
		}
	}
	b.ResetTimer()
	for b.Loop() {
		f, err := longest.frame(longest.last())
		if err != nil {
			b.Fatal(err)
		}
		replayView(longest, f)
	}
	b.ReportMetric(float64(longest.last()), "steps")
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/1000, "ms/step")
}
