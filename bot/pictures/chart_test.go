package pictures

import (
	"testing"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
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

// The legend of a Laus chart stands beside the plot, never on it, even
// with the longest names Discord allows; the plot keeps most of the width.
func TestLausChartLegendCoversNoData(t *testing.T) {
	usePlotFonts()
	for _, name := range []string{"Al", "Ann-Kathrin Vogelsang-Mueller12"} {
		p := plot.New()
		p.Title.Text = "Totals round by round · target 1500"
		legend := plot.NewLegend()
		for _, n := range []string{name, "Bo", "Cy", "Di"} {
			legend.Add(legendName(n), plotter.NewFunction(func(float64) float64 { return 0 }))
		}
		legend.Add("target", plotter.NewFunction(func(float64) float64 { return 0 }))
		c := vgimg.NewWith(vgimg.UseWH(chartW, chartH), vgimg.UseDPI(chartDPI))
		dc := draw.New(c)
		plotArea, legendArea := legendLayout(dc, p, &legend)
		drawn := legend.Rectangle(legendArea)
		if drawn.Min.X < plotArea.Max.X {
			t.Errorf("%q: the legend starts at x=%v, inside the plot area, which ends at %v", name, drawn.Min.X, plotArea.Max.X)
		}
		if drawn.Max.X > dc.Max.X || drawn.Min.Y < dc.Min.Y {
			t.Errorf("%q: the legend %v does not fit the picture %v", name, drawn, dc.Rectangle)
		}
		if w := plotArea.Max.X - plotArea.Min.X; w < 0.7*chartW {
			t.Errorf("%q: the plot keeps %v of %v: the legend takes too much", name, w, chartW)
		}
	}
	if got := legendName("Ann-Kathrin Vogelsang"); got != "Ann-Kathrin…" {
		t.Errorf("legendName cut to %q, want Ann-Kathrin…", got)
	}
}
