package pictures

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"testing"

	"github.com/cardbot/cardbot/bot/internal/golden"
	"github.com/cardbot/cardbot/engine/laro"
	"github.com/cardbot/cardbot/engine/laus"
)

// check decodes a picture, checks its weight and its name, and compares it
// pixel for pixel with testdata/images/name.png (-update rewrites it).
func check(t *testing.T, name string, p PNG) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(p.Data))
	if err != nil {
		t.Fatalf("%s does not decode: %v", name, err)
	}
	if len(p.Data) > MaxBytes {
		t.Errorf("%s weighs %d bytes, want at most %d", name, len(p.Data), MaxBytes)
	}
	if !bytes.HasSuffix([]byte(p.Name), []byte(".png")) || encode("x", img).Name == "" {
		t.Errorf("%s is named %q, want a .png name", name, p.Name)
	}
	golden.CheckImage(t, name, img)
	return img
}

func laroCards(t testing.TB, s string) []laro.Card {
	t.Helper()
	cs, err := laro.ParseCards(s)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

func lausCards(t testing.TB, s string) []laus.Card {
	t.Helper()
	cs, err := laus.ParseCards(s)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// laroEnd6 is the largest Laro end: six seats, laid clusters, long names.
func laroEnd6(t testing.TB) LaroEnd {
	c := func(s string) []laro.Card { return laroCards(t, s) }
	return LaroEnd{
		Title: "Laro · table q7x2 · game 12", Outcome: "Ada wins with 8 points · the antes and stakes go to Ada",
		Winner: 0, WinClusters: [][]laro.Card{c("C+4 C+5 C+6"), c("T-1 T-2 T-3"), c("S+9 S+10 V")},
		Seats: []LaroSeat{
			{Name: "Ada", Note: "dealer", Laid: [][]laro.Card{c("C+4 C+5 C+6")}, Hand: c("T-1 T-2 T-3 S+9 S+10")},
			{Name: "Brook with a very long display name indeed", Laid: [][]laro.Card{c("S-4 S+5 S-6"), c("T+7 T+8 T+9")}, Hand: c("C-2 V")},
			{Name: "Cyd", Hand: c("C+1 C+2 T+4 T-5 S+1 S+2 S-8 S-9")},
			{Name: "Dee", Note: "left the game", Hand: c("C-7 C-8 C-9 T+1 T-8 S-1 S-2 S+3")},
			{Name: "Bot Erin", Laid: [][]laro.Card{c("C-4 C-5 C-6")}, Hand: c("T+2 T+3 S+6 S+7 C+10")},
			{Name: "Fay", Hand: c("C+3 C-3 T+5 T+6 T-9 T-10 S-3 V")},
		},
	}
}

// lausRound4 is the largest Laus round: four seats, all queens and jacks.
func lausRound4(t testing.TB) LausRound {
	c := func(s string) []laus.Card { return lausCards(t, s) }
	return LausRound{
		Title: "Laus · table m3k9 · match 2 · round 7", Multiplier: "×2: doubled for 1 player without a trick (Dee)",
		Seats: []LausSeat{
			{Name: "Ada", Cards: c("QC QS JC JS"), Tricks: 4, CardPoints: 61, Bonus: 500, Score: 1122, Total: 1480},
			{Name: "Brook", Cards: c("QH QD JH"), Tricks: 3, CardPoints: 40, Cancelled: 100, Score: 80, Total: 210},
			{Name: "Cyd", Cards: c("JD"), Tricks: 1, CardPoints: 19, Score: 38, Total: -40},
			{Name: "Dee", Tricks: 0, Score: 0, Total: 95},
		},
	}
}

func TestLaroEndPicture(t *testing.T) {
	img := check(t, "laro-end-6", LaroEndPicture(laroEnd6(t)))
	if b := img.Bounds(); b.Dx() != laroWidth || b.Dy() != laroHeadH+6*laroRowH+laroMargin {
		t.Errorf("6-seat picture is %v", b)
	}
	two := laroEnd6(t)
	two.Seats, two.Winner, two.WinClusters = two.Seats[2:4], -1, nil
	two.Outcome = "The deck ran out a third time: no winner"
	check(t, "laro-end-nowinner", LaroEndPicture(two))
}

func TestLausRoundPicture(t *testing.T) {
	check(t, "laus-round-4", LausRoundPicture(lausRound4(t)))
	three := lausRound4(t)
	three.Seats = three.Seats[:3]
	three.Skat = "The skat, 7♣ Q♥, went to Ada with the last trick."
	check(t, "laus-round-3", LausRoundPicture(three))
}

// TestCacheDrawsOnce: an unchanged state is drawn once; a changed one again.
func TestCacheDrawsOnce(t *testing.T) {
	e := laroEnd6(t)
	e.Title = "cache test"
	before := drawnCount()
	a := LaroEndPicture(e)
	b := LaroEndPicture(laroEnd6Titled(t, "cache test")) // equal content, another value
	if drawnCount() != before+1 || a.Name != b.Name {
		t.Errorf("drawn %d times for one state (names %s, %s), want 1", drawnCount()-before, a.Name, b.Name)
	}
	e.Seats[2].Hand = e.Seats[2].Hand[1:]
	if c := LaroEndPicture(e); c.Name == a.Name || drawnCount() != before+2 {
		t.Errorf("a changed state gave %s (was %s), drawn %d times; want a new picture", c.Name, a.Name, drawnCount()-before)
	}
}

func laroEnd6Titled(t testing.TB, title string) LaroEnd {
	e := laroEnd6(t)
	e.Title = title
	return e
}

// The benchmarks draw the largest scenes, each time of a new state (so the
// cache never answers), and report the bytes of the last picture.
// The palette and the scaled card faces are made once per process, by the
// first scene; BenchmarkFirstScene measures that.
func BenchmarkLaroEndPicture(b *testing.B) {
	e := laroEnd6(b)
	LaroEndPicture(laroEnd6Titled(b, "warm-up"))
	i, size := 0, 0
	reportCPU(b, func() {
		i++
		e.Title = fmt.Sprintf("Laro · table q7x2 · game %d", i)
		size = len(LaroEndPicture(e).Data)
	})
	b.ReportMetric(float64(size), "bytes")
}

func BenchmarkLausRoundPicture(b *testing.B) {
	r := lausRound4(b)
	r.Title = "warm-up"
	LausRoundPicture(r)
	i, size := 0, 0
	reportCPU(b, func() {
		i++
		r.Seats[0].Total = i
		size = len(LausRoundPicture(r).Data)
	})
	b.ReportMetric(float64(size), "bytes")
}

// BenchmarkLaroEndCached draws an unchanged state again: a cache hit.
func BenchmarkLaroEndCached(b *testing.B) {
	e := laroEnd6(b)
	LaroEndPicture(e)
	reportCPU(b, func() { LaroEndPicture(e) })
}

// BenchmarkFirstScene measures what the first scene of a process pays
// once: scaling every card face and making the palette.
func BenchmarkFirstScene(b *testing.B) {
	reportCPU(b, func() {
		tiles.Clear()
		buildPalette()
	})
}
