package pictures

import (
	"image"
	"image/color"
	"image/draw"
	"sync"

	"github.com/cardbot/cardbot/bot/cardface"
	"github.com/cardbot/cardbot/engine/laro"
	"github.com/cardbot/cardbot/engine/laus"
)

// Card faces are drawn by package cardface at its own size; a scene shows
// them smaller. Scaling is the costly part of a scene, so each face is
// scaled once per tile size and kept (a few dozen small images), and a
// scene only copies them into place: laid on the background they will sit
// on (see onBack), so placing one is a plain copy of opaque rows.

type tileKey struct {
	laus bool
	card uint8
	size int
}

type backKey struct {
	tileKey
	back color.NRGBA
}

var backed sync.Map // backKey → *image.RGBA

// onBack returns the tile of k laid on background colour back.
func onBack(k tileKey, back color.NRGBA) *image.RGBA {
	bk := backKey{k, back}
	if t, ok := backed.Load(bk); ok {
		return t.(*image.RGBA)
	}
	src := tile(k)
	img := image.NewRGBA(src.Bounds())
	draw.Draw(img, img.Bounds(), image.NewUniform(back), image.Point{}, draw.Src)
	draw.Draw(img, img.Bounds(), src, image.Point{}, draw.Over)
	t, _ := backed.LoadOrStore(bk, img)
	return t.(*image.RGBA)
}

var tiles sync.Map // tileKey → *image.NRGBA

// tile returns the face of a card scaled to size × size.
func tile(k tileKey) *image.NRGBA {
	if t, ok := tiles.Load(k); ok {
		return t.(*image.NRGBA)
	}
	img := image.NewNRGBA(image.Rect(0, 0, k.size, k.size))
	if k.laus {
		cardface.DrawLaus(img, img.Bounds(), laus.Card(k.card))
	} else {
		cardface.DrawLaro(img, img.Bounds(), laro.Card(k.card))
	}
	t, _ := tiles.LoadOrStore(k, img)
	return t.(*image.NRGBA)
}

// laroCard draws a Laro card's face with its top left corner at p, on back.
func (s *scene) laroCard(p image.Point, c laro.Card, size int, back color.NRGBA) {
	t := onBack(tileKey{card: uint8(c), size: size}, back)
	draw.Draw(s.img, t.Bounds().Add(p), t, image.Point{}, draw.Src)
}

// lausCard draws a Laus card's face with its top left corner at p, on back.
func (s *scene) lausCard(p image.Point, c laus.Card, size int, back color.NRGBA) {
	t := onBack(tileKey{laus: true, card: uint8(c), size: size}, back)
	draw.Draw(s.img, t.Bounds().Add(p), t, image.Point{}, draw.Src)
}
