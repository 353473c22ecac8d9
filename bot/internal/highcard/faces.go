package highcard

import (
	"image"
	"image/color"
	"strconv"

	"github.com/cardbot/cardbot/bot/catalog"
)

// faceKey names card n's face: "highcard_7".
func faceKey(n int) string { return "highcard_" + strconv.Itoa(n) }

// faces are the game's card faces as emojis, registered in its catalog
// entry: a plain 128 × 128 face per card, filled up to its value, so that
// the shared emoji set uploads and shows them without knowing the game.
func faces() []catalog.Face {
	var fs []catalog.Face
	for n := 1; n <= deckSize; n++ {
		fs = append(fs, catalog.Face{Key: faceKey(n), Text: strconv.Itoa(n), Draw: func() *image.NRGBA { return drawFace(n) }})
	}
	return fs
}

// drawFace draws card n: white, its lower n/deckSize filled with the game's colour.
func drawFace(n int) *image.NRGBA {
	const size = 128
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	fill := color.NRGBA{R: 0x4a, G: 0x6f, B: 0xa5, A: 0xff}
	top := size - size*n/deckSize
	for y := range size {
		for x := range size {
			c := color.NRGBA{R: 0xff, G: 0xff, B: 0xff, A: 0xff}
			if y >= top {
				c = fill
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return img
}
