package pictures

import (
	"testing"
	"time"
)

func chipSample() []ChipPoint {
	at := time.Date(2026, 11, 1, 18, 0, 0, 0, time.UTC)
	bal := int64(1000)
	var pts []ChipPoint
	for i := range 40 {
		bal += int64((i*37)%90) - 40
		pts = append(pts, ChipPoint{At: at.Add(time.Duration(i) * 97 * time.Minute), Balance: bal})
	}
	return pts
}

func lausSample() ([]LausSeries, int) {
	names := []string{"Ada", "Brook", "Cyd", "Dee"}
	var ss []LausSeries
	for i, n := range names {
		s := LausSeries{Name: n}
		tot := 0
		for r := range 14 {
			tot += ((r+1)*(i+3)*53)%310 - 60
			s.Totals = append(s.Totals, tot)
		}
		ss = append(ss, s)
	}
	return ss, 1500
}

func TestChipsChartGolden(t *testing.T) {
	check(t, "chips", ChipsChart(chipSample()))
	check(t, "chips-one", ChipsChart(chipSample()[:1]))
}

func TestLausChartGolden(t *testing.T) {
	ss, target := lausSample()
	check(t, "laus-totals", LausChart(ss, target))
}

func BenchmarkChipsChart(b *testing.B) {
	pts := chipSample()
	i := 0
	reportCPU(b, func() {
		i++
		pts[0].Balance = int64(i) // a new state every time: no cache hit
		ChipsChart(pts)
	})
}

func BenchmarkLausChart(b *testing.B) {
	ss, target := lausSample()
	i := 0
	reportCPU(b, func() {
		i++
		LausChart(ss, target+i)
	})
}
