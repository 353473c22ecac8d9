package cardface

import (
	"image"
	"image/color"
	"testing"

	"github.com/cardbot/cardbot/bot/internal/golden"
	"github.com/cardbot/cardbot/engine/laro"
	"github.com/cardbot/cardbot/engine/laus"
)

// sheet lays faces out ten to a row, at full size, for one golden picture.
func sheet(n int, draw func(dst *image.NRGBA, r image.Rectangle, i int)) *image.NRGBA {
	rows := (n + 9) / 10
	dst := image.NewNRGBA(image.Rect(0, 0, 10*Size, rows*Size))
	for i := range n {
		x, y := i%10*Size, i/10*Size
		draw(dst, image.Rect(x, y, x+Size, y+Size), i)
	}
	return dst
}

func TestGoldenFaces(t *testing.T) {
	golden.CheckImage(t, "laro", sheet(laro.NumCards+1, func(dst *image.NRGBA, r image.Rectangle, i int) {
		DrawLaro(dst, r, laro.Card(i))
	}))
	golden.CheckImage(t, "laus", sheet(33, func(dst *image.NRGBA, r image.Rectangle, i int) {
		DrawLaus(dst, r, laus.Card(i))
	}))
}

// face is one distinct face under test, with the name of its card.
type face struct {
	name string
	img  *image.NRGBA
}

// allFaces lists every distinct face: 60 suited Laro cards, one Void, 32
// Laus cards and the back.
func allFaces() []face {
	var fs []face
	for _, c := range laro.Deck() {
		if c.IsVoid() && c != laro.VoidCard(0) {
			continue
		}
		fs = append(fs, face{"laro " + c.String(), Laro(c)})
	}
	for c := laus.Card(1); c <= 32; c++ {
		fs = append(fs, face{"laus " + c.String(), Laus(c)})
	}
	return append(fs, face{"back", Laro(laro.NoCard)})
}

func TestFacesAreDistinct(t *testing.T) {
	fs := allFaces()
	if len(fs) != 60+1+32+1 {
		t.Fatalf("got %d faces, want 94", len(fs))
	}
	for i := range fs {
		if b := fs[i].img.Bounds(); b != image.Rect(0, 0, Size, Size) {
			t.Fatalf("%s: bounds %v, want %dx%d", fs[i].name, b, Size, Size)
		}
		for j := i + 1; j < len(fs); j++ {
			if string(fs[i].img.Pix) == string(fs[j].img.Pix) {
				t.Errorf("%s and %s have the same face", fs[i].name, fs[j].name)
			}
		}
	}
}

// grey shrinks a face to 16 × 16 grey levels (0..255, transparent reads as
// white, as on Discord's light theme), the way a colour-blind eye at
// emoji size might see it.
func grey(img *image.NRGBA) [16][16]float64 {
	var g [16][16]float64
	const cell = Size / 16
	for y := range Size {
		for x := range Size {
			c := img.NRGBAAt(x, y)
			a := float64(c.A) / 255
			l := float64(color.GrayModel.Convert(color.NRGBA{c.R, c.G, c.B, 255}).(color.Gray).Y)
			g[y/cell][x/cell] += (l*a + 255*(1-a)) / (cell * cell)
		}
	}
	return g
}

// greyDistance is the mean absolute difference of two grey thumbnails.
func greyDistance(a, b [16][16]float64) float64 {
	var d float64
	for y := range 16 {
		for x := range 16 {
			v := a[y][x] - b[y][x]
			if v < 0 {
				v = -v
			}
			d += v
		}
	}
	return d / 256
}

func TestFacesDifferInGreyscale(t *testing.T) {
	fs := allFaces()
	gs := make([][16][16]float64, len(fs))
	for i, f := range fs {
		gs[i] = grey(f.img)
	}
	// Any two faces must still differ when shrunk and without colour; the
	// closest pairs are neighbouring values of one suit, whose digits differ.
	const minAny = 2.5
	for i := range fs {
		for j := i + 1; j < len(fs); j++ {
			if d := greyDistance(gs[i], gs[j]); d < minAny {
				t.Errorf("%s and %s: grey distance %.2f, want at least %.1f", fs[i].name, fs[j].name, d, minAny)
			}
		}
	}
	// The plus and minus halves of one suit and value must differ by far more
	// than colour: light against dark, cross against bar.
	const minHalves = 60.0
	for _, s := range []laro.Suit{laro.Circle, laro.Triangle, laro.Square} {
		for v := 1; v <= 10; v++ {
			p, _ := laro.NewCard(s, true, v)
			m, _ := laro.NewCard(s, false, v)
			if d := greyDistance(grey(Laro(p)), grey(Laro(m))); d < minHalves {
				t.Errorf("%v and %v: grey distance %.2f, want at least %.0f", p, m, d, minHalves)
			}
		}
	}
}

func TestFacesAreCachedAndCopied(t *testing.T) {
	c, _ := laro.NewCard(laro.Triangle, false, 7)
	if laroFace(c) != laroFace(c) {
		t.Error("a Laro face was drawn twice")
	}
	if lausFace(laus.Card(5)) != lausFace(laus.Card(5)) {
		t.Error("a Laus face was drawn twice")
	}
	a := Laro(c)
	a.Pix[0] = 77
	if Laro(c).Pix[0] == 77 {
		t.Error("changing a returned face changed the cache")
	}
	for _, v := range []laro.Card{laro.VoidCard(1), laro.VoidCard(2)} {
		if laroFace(v) != laroFace(laro.VoidCard(0)) {
			t.Errorf("%d: the Void cards do not share one face", v)
		}
	}
	if laroFace(laro.Card(200)) != laroFace(laro.NoCard) {
		t.Error("an invalid Laro card does not show the back")
	}
}

func TestDrawScales(t *testing.T) {
	dst := image.NewNRGBA(image.Rect(0, 0, 100, 100))
	c, _ := laro.NewCard(laro.Circle, false, 3)
	DrawLaro(dst, image.Rect(10, 10, 42, 42), c)
	if dst.NRGBAAt(5, 5).A != 0 || dst.NRGBAAt(50, 50).A != 0 {
		t.Error("DrawLaro drew outside its rectangle")
	}
	// The middle of a minus card is its dark background.
	if got := dst.NRGBAAt(26, 20); got.A != 255 || got.R > 60 {
		t.Errorf("middle of the scaled minus card = %v, want dark and opaque", got)
	}
}
