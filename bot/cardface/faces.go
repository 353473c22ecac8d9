package cardface

import (
	"image"
	"image/draw"
	"sync"

	xdraw "golang.org/x/image/draw"

	"github.com/cardbot/cardbot/engine/laro"
	"github.com/cardbot/cardbot/engine/laus"
)

// The cache: every face of a game is drawn together the first time any is
// asked for, and never again. The slices are only read after the Once.
var (
	laroOnce  sync.Once
	laroFaces []*image.NRGBA // index: laro.Card, 0 is the back
	lausOnce  sync.Once
	lausFaces []*image.NRGBA // index: laus.Card, 0 is the back
)

func laroFace(c laro.Card) *image.NRGBA {
	laroOnce.Do(func() {
		f := newFonts()
		laroFaces = make([]*image.NRGBA, laro.NumCards+1)
		for i := range laroFaces {
			if c := laro.Card(i); c.IsVoid() && c != laro.VoidCard(0) {
				laroFaces[i] = laroFaces[laro.VoidCard(0)]
				continue
			}
			laroFaces[i] = drawLaro(f, laro.Card(i))
		}
	})
	if !c.Valid() {
		c = laro.NoCard
	}
	return laroFaces[c]
}

func lausFace(c laus.Card) *image.NRGBA {
	lausOnce.Do(func() {
		f := newFonts()
		lausFaces = make([]*image.NRGBA, 33)
		for i := range lausFaces {
			lausFaces[i] = drawLaus(f, laus.Card(i))
		}
	})
	if !c.Valid() {
		c = laus.NoCard
	}
	return lausFaces[c]
}

// Laro returns the face of a Laro card at Size × Size. The three Void cards
// share one face; laro.NoCard (or any invalid card) gives the card back.
// The image is the caller's own copy.
func Laro(c laro.Card) *image.NRGBA { return clone(laroFace(c)) }

// Laus returns the face of a Laus card at Size × Size; laus.NoCard (or any
// invalid card) gives the card back. The image is the caller's own copy.
func Laus(c laus.Card) *image.NRGBA { return clone(lausFace(c)) }

// DrawLaro draws the face of c scaled into r of dst, over what is there (the
// card's rounded corners are transparent).
func DrawLaro(dst draw.Image, r image.Rectangle, c laro.Card) {
	scale(dst, r, laroFace(c))
}

// DrawLaus draws the face of c scaled into r of dst, over what is there.
func DrawLaus(dst draw.Image, r image.Rectangle, c laus.Card) {
	scale(dst, r, lausFace(c))
}

func scale(dst draw.Image, r image.Rectangle, src *image.NRGBA) {
	if r.Dx() == Size && r.Dy() == Size {
		draw.Draw(dst, r, src, image.Point{}, draw.Over)
		return
	}
	xdraw.BiLinear.Scale(dst, r, src, src.Bounds(), xdraw.Over, nil)
}

func clone(src *image.NRGBA) *image.NRGBA {
	out := image.NewNRGBA(src.Bounds())
	copy(out.Pix, src.Pix)
	return out
}
