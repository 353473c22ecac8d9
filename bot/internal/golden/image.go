package golden

import (
	"bytes"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// CheckImage compares a picture, pixel for pixel, with the PNG file
// testdata/images/name.png; `go test -update` rewrites it. On a mismatch
// the picture drawn is written beside it as name.got.png, to look at.
func CheckImage(t *testing.T, name string, img image.Image) {
	t.Helper()
	path := filepath.Join("testdata", "images", name+".png")
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if n, at := diffPixels(toNRGBA(img), toNRGBA(want)); n > 0 {
		got := filepath.Join("testdata", "images", name+".got.png")
		_ = os.WriteFile(got, buf.Bytes(), 0o644)
		t.Errorf("%s changed: %d pixels differ, the first at %v; see %s (if the change is intended, run with -update)", name, n, at, got)
	}
}

// toNRGBA converts any image to NRGBA at origin 0,0, so two images compare
// by their pixels whatever their colour model.
func toNRGBA(img image.Image) *image.NRGBA {
	b := img.Bounds()
	out := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(out, out.Bounds(), img, b.Min, draw.Src)
	return out
}

// diffPixels counts the pixels that differ and returns the first one.
func diffPixels(a, b *image.NRGBA) (int, image.Point) {
	if a.Bounds() != b.Bounds() {
		return a.Bounds().Dx() * a.Bounds().Dy(), image.Point{}
	}
	n, first := 0, image.Point{-1, -1}
	for y := range a.Bounds().Dy() {
		for x := range a.Bounds().Dx() {
			i := a.PixOffset(x, y)
			if !bytes.Equal(a.Pix[i:i+4], b.Pix[i:i+4]) {
				if n == 0 {
					first = image.Pt(x, y)
				}
				n++
			}
		}
	}
	return n, first
}
