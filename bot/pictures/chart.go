package pictures

import (
	"fmt"
	"image"
	"image/color"
	"time"

	"github.com/cardbot/cardbot/bot/lang"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// Charts are 672×336 pixels: wide enough for a match of many rounds, and
// shown by Discord at about that size in an embed.
const (
	chartW, chartH = 6 * vg.Inch, 3 * vg.Inch
	chartDPI       = 112
)

// seriesColors tell players apart on a chart; they stay distinct for
// the common kinds of colour blindness (Okabe and Ito's palette).
var seriesColors = []color.NRGBA{
	{0x00, 0x72, 0xb2, 0xff}, // blue
	{0xe6, 0x9f, 0x00, 0xff}, // orange
	{0x00, 0x9e, 0x73, 0xff}, // green
	{0xcc, 0x79, 0xa7, 0xff}, // pink
	{0x56, 0xb4, 0xe9, 0xff}, // sky
	{0xd5, 0x5e, 0x00, 0xff}, // vermilion
}

// ChipPoint is a player's balance right after a change.
type ChipPoint struct {
	At      time.Time `json:"at"`
	Balance int64     `json:"balance"`
}

// ChipsChart draws a player's chip balance over time, its words in English.
// It needs at least one point; a single one is drawn as a dot.
func ChipsChart(points []ChipPoint) PNG { return ChipsChartIn(lang.English, points) }

// ChipsChartIn is ChipsChart with its title, axis and dates in l. The
// language is part of the cache key.
func ChipsChartIn(l lang.Lang, points []ChipPoint) PNG {
	input := struct {
		L lang.Lang
		P []ChipPoint
	}{l, points}
	return cached("chips", input, func() PNG {
		usePlotFonts()
		p := plot.New()
		p.Title.Text = l.T("pictures.chips.title")
		p.Y.Label.Text = l.T("pictures.chips.axis")
		// Go's time layouts know only English month names: the German
		// ticks are numeric dates, as Germans write them.
		p.X.Tick.Marker = plot.TimeTicks{Format: l.T("pictures.chips.ticks"), Time: func(t float64) time.Time { return time.Unix(int64(t), 0).UTC() }}
		p.Add(plotter.NewGrid())
		xys := make(plotter.XYs, len(points))
		lo, hi := points[0].Balance, points[0].Balance
		for i, pt := range points {
			xys[i] = plotter.XY{X: float64(pt.At.Unix()), Y: float64(pt.Balance)}
			lo, hi = min(lo, pt.Balance), max(hi, pt.Balance)
		}
		line, dots, err := plotter.NewLinePoints(xys)
		if err != nil {
			panic(fmt.Sprintf("pictures: chips chart: %v", err)) // only for NaN or infinite values
		}
		line.Color, dots.Color = seriesColors[0], seriesColors[0]
		line.Width = vg.Points(2)
		dots.Radius = vg.Points(2.5)
		dots.Shape = draw.CircleGlyph{}
		p.Add(line, dots)
		// Zero in view, so a fall to 500 does not look like a fall to nothing.
		p.Y.Min, p.Y.Max = min(0, float64(lo)), float64(hi)*1.08+1
		if len(points) == 1 {
			p.X.Min, p.X.Max = xys[0].X-3600, xys[0].X+3600
		}
		return render("chips", p)
	})
}

// LausSeries is one player's total after each round of a match.
type LausSeries struct {
	Name   string `json:"name"`
	Totals []int  `json:"totals"` // after round 1, 2, …
}

// LausChart draws every player's match total round by round, from 0
// before the first round, with the match's target as a dashed line. The
// legend stands to the right of the plot, outside it, so it covers no line
// whatever the totals are.
func LausChart(series []LausSeries, target int) PNG { return LausChartIn(lang.English, series, target) }

// LausChartIn is LausChart with its title, axes and legend's target in l.
// The language is part of the cache key.
func LausChartIn(l lang.Lang, series []LausSeries, target int) PNG {
	input := struct {
		S []LausSeries
		T int
		L lang.Lang
	}{series, target, l}
	return cached("laus-totals", input, func() PNG {
		usePlotFonts()
		p := plot.New()
		p.Title.Text = l.T("pictures.laus.title", "Target", target)
		p.X.Label.Text = l.T("pictures.laus.round")
		p.Y.Label.Text = l.T("pictures.laus.total")
		p.Add(plotter.NewGrid())
		rounds := 0
		legend := plot.NewLegend()
		legend.Top, legend.Left = true, true
		for i, s := range series {
			xys := make(plotter.XYs, len(s.Totals)+1)
			for r, t := range s.Totals {
				xys[r+1] = plotter.XY{X: float64(r + 1), Y: float64(t)}
			}
			rounds = max(rounds, len(s.Totals))
			line, dots, err := plotter.NewLinePoints(xys)
			if err != nil {
				panic(fmt.Sprintf("pictures: laus chart: %v", err))
			}
			c := seriesColors[i%len(seriesColors)]
			line.Color, dots.Color, line.Width = c, c, vg.Points(2)
			dots.Shape, dots.Radius = draw.CircleGlyph{}, vg.Points(2.5)
			p.Add(line, dots)
			legend.Add(legendName(s.Name), line)
		}
		goal := plotter.NewFunction(func(float64) float64 { return float64(target) })
		goal.Color = color.NRGBA{0xb0, 0x20, 0x20, 0xff}
		goal.Dashes = []vg.Length{vg.Points(6), vg.Points(4)}
		goal.Width = vg.Points(1.5)
		p.Add(goal)
		legend.Add(l.T("pictures.laus.target"), goal)
		p.X.Min, p.X.Max = 0, float64(max(rounds, 1))
		p.X.Tick.Marker = roundTicks{}
		lo, hi := 0.0, float64(target)
		for _, s := range series {
			for _, t := range s.Totals {
				lo, hi = min(lo, float64(t)), max(hi, float64(t))
			}
		}
		// A little headroom, so the target line is not drawn on the frame.
		p.Y.Min, p.Y.Max = lo, hi+0.08*(hi-lo)
		return renderWithLegend("laus-totals", p, legend)
	})
}

// roundTicks marks whole rounds, at most about twelve of them.
type roundTicks struct{}

func (roundTicks) Ticks(lo, hi float64) []plot.Tick {
	step := max(1, int(hi-lo+11)/12)
	var ts []plot.Tick
	for r := int(lo); r <= int(hi); r += step {
		ts = append(ts, plot.Tick{Value: float64(r), Label: fmt.Sprint(r)})
	}
	return ts
}

// legendName cuts a player's name for a chart's legend, which has room
// for about a dozen characters beside the plot.
func legendName(name string) string {
	if r := []rune(name); len(r) > maxLegendName {
		return string(r[:maxLegendName-1]) + "…"
	}
	return name
}

const maxLegendName = 12

// renderWithLegend draws p with legend in a column to its right, outside
// the plot area, and encodes the image.
func renderWithLegend(prefix string, p *plot.Plot, legend plot.Legend) PNG {
	c := vgimg.NewWith(vgimg.UseWH(chartW, chartH), vgimg.UseDPI(chartDPI))
	plotArea, legendArea := legendLayout(draw.New(c), p, &legend)
	p.Draw(plotArea)
	legend.Draw(legendArea)
	return encode(prefix, c.Image().(image.Image))
}

// legendLayout splits canvas dc into the plot's area and, to its right,
// a column just wide enough for the legend, starting level with the top
// of the plot below its title.
func legendLayout(dc draw.Canvas, p *plot.Plot, legend *plot.Legend) (plotArea, legendArea draw.Canvas) {
	r := legend.Rectangle(dc)
	gap := vg.Points(8)
	plotArea = dc
	plotArea.Max.X -= r.Max.X - r.Min.X + 2*gap
	title := p.Title.TextStyle.Height(p.Title.Text) + p.Title.Padding
	legendArea = draw.Canvas{Canvas: dc.Canvas, Rectangle: vg.Rectangle{
		Min: vg.Point{X: plotArea.Max.X + gap, Y: dc.Min.Y},
		Max: vg.Point{X: dc.Max.X, Y: dc.Max.Y - title - gap},
	}}
	return plotArea, legendArea
}

// render draws p onto a fresh image and encodes it.
func render(prefix string, p *plot.Plot) PNG {
	c := vgimg.NewWith(vgimg.UseWH(chartW, chartH), vgimg.UseDPI(chartDPI))
	p.Draw(draw.New(c))
	return encode(prefix, c.Image().(image.Image))
}
