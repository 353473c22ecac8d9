package laro

import (
	"testing"
)

// BenchmarkReplayLastStep builds the last step of the longest of 1000
// seeded computer games (replay from the log and the viewer's rendering):
// the most work any step of any of them takes. The target is 5 ms a step.
func BenchmarkReplayLastStep(b *testing.B) {
	var longest *laroReplay
	for seed := uint64(1); seed <= 1000; seed++ {
		gm, recs, _ := simGame(b, int(seed%6)+1, seed)
		r, err := loadReplay(gm, recs)
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
