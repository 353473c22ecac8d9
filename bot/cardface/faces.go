package cardface

import (
	"image"
	"image/draw"
	"runtime"
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
	laroOnce.Do(func() { laroFaces = drawAllLaro() })
	if !c.Valid() {
		c = laro.NoCard
	}
	return laroFaces[c]
}

func lausFace(c laus.Card) *image.NRGBA {
	lausOnce.Do(func() { lausFaces = drawAllLaus() })
	if !c.Valid() {
		c = laus.NoCard
	}
	return lausFaces[c]
}

// drawAllLaro draws every Laro face, index = card, 0 the back. The Voids
// share one face.
func drawAllLaro() []*image.NRGBA {
	faces := make([]*image.NRGBA, laro.NumCards+1)
	inParallel(int(laro.VoidCard(0))+1, func(f *fonts, i int) { faces[i] = drawLaro(f, laro.Card(i)) })
	for _, v := range []laro.Card{laro.VoidCard(1), laro.VoidCard(2)} {
		faces[v] = faces[laro.VoidCard(0)]
	}
	return faces
}

// drawAllLaus draws every Laus face, index = card, 0 the back.
func drawAllLaus() []*image.NRGBA {
	faces := make([]*image.NRGBA, 33)
	inParallel(33, func(f *fonts, i int) { faces[i] = drawLaus(f, laus.Card(i)) })
	return faces
}

// inParallel runs draw(i) for i in [0, n) on one worker per CPU, each with
// its own fonts (a font face is not safe for concurrent use).
func inParallel(n int, draw func(f *fonts, i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			f := newFonts()
			for i := w; i < n; i += workers {
				draw(f, i)
			}
		})
	}
	wg.Wait()
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
