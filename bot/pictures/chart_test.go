package pictures

import (
	"bytes"
	"flag"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden pictures in testdata")

// golden compares a picture with testdata/name, or rewrites it with -update.
// A picture is compared byte for byte: drawing is deterministic.
func golden(t *testing.T, name string, p PNG) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(p.Data))
	if err != nil {
		t.Fatalf("%s does not decode: %v", name, err)
	}
	if b := img.Bounds(); b.Dx() < 100 || b.Dy() < 100 {
		t.Errorf("%s is %v, want a real picture", name, b)
	}
	if len(p.Data) > MaxBytes {
		t.Errorf("%s weighs %d bytes, want at most %d", name, len(p.Data), MaxBytes)
	}
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, p.Data, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("reading %s (run with -update to create it): %v", path, err)
	}
	if !bytes.Equal(want, p.Data) {
		t.Errorf("%s differs from the golden file (%d bytes, want %d); look at both and run with -update if the change is meant", name, len(p.Data), len(want))
	}
}

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
	golden(t, "chips.png", ChipsChart(chipSample()))
	golden(t, "chips-one.png", ChipsChart(chipSample()[:1]))
}

func TestLausChartGolden(t *testing.T) {
	ss, target := lausSample()
	golden(t, "laus-totals.png", LausChart(ss, target))
}

func BenchmarkChipsChart(b *testing.B) {
	pts := chipSample()
	for i := 0; b.Loop(); i++ {
		pts[0].Balance = int64(i) // a new state every time: no cache hit
		ChipsChart(pts)
	}
}

func BenchmarkLausChart(b *testing.B) {
	ss, target := lausSample()
	for i := 0; b.Loop(); i++ {
		LausChart(ss, target+i)
	}
}
