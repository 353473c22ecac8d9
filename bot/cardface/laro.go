package cardface

import (
	"image"
	"image/color"
	"strconv"

	"github.com/cardbot/cardbot/engine/laro"
)

// Suit colours come from the Okabe–Ito palette, chosen to stay apart for
// the common kinds of colour blindness; the shapes tell suits apart anyway.
var laroSuitColour = map[laro.Suit]color.NRGBA{
	laro.Circle:   rgb(0x00, 0x72, 0xB2), // blue
	laro.Triangle: rgb(0x00, 0x9E, 0x73), // bluish green
	laro.Square:   rgb(0xD5, 0x5E, 0x00), // vermillion
}

var (
	white    = rgb(0xFF, 0xFF, 0xFF)
	ink      = rgb(0x1C, 0x1C, 0x22)
	backBlue = rgb(0x2B, 0x3A, 0x67)
)

// drawLaro draws one Laro face. A plus card is light with a dark value and a
// bar cross; a minus card is dark with a light value and one bar, so the
// halves differ by brightness and by mark, not only by colour.
func drawLaro(f *fonts, c laro.Card) *image.NRGBA {
	k := newCanvas(f)
	switch {
	case c.IsVoid():
		drawVoid(k)
	case !c.Valid():
		drawBack(k)
	default:
		suit := laroSuitColour[c.Suit()]
		bg, fg, num := white, suit, ink
		if !c.Plus() {
			bg, fg, num = darken(suit, 0.55), white, white
		}
		k.base(suit, bg, 9, 10)
		laroShape(k, fg, c.Suit(), 36, 36, 24)
		if c.Plus() {
			k.rect(fg, 78, 31, 114, 41)
			k.rect(fg, 91, 18, 101, 54)
		} else {
			k.rect(fg, 78, 31, 114, 41)
		}
		k.text(num, 66, Size/2, 116, strconv.Itoa(c.Value()))
	}
	return k.finish()
}

// laroShape fills a suit's shape of radius r centred on cx, cy.
func laroShape(k *canvas, c color.Color, s laro.Suit, cx, cy, r float32) {
	switch s {
	case laro.Circle:
		k.circle(c, cx, cy, r)
	case laro.Triangle:
		k.fill(c, func(z *path) {
			polygon(z, cx, cy-r, cx+r*1.05, cy+r*0.85, cx-r*1.05, cy+r*0.85)
		})
	case laro.Square:
		h := int(r * 0.85)
		k.rect(c, int(cx)-h, int(cy)-h, int(cx)+h, int(cy)+h)
	}
}

// drawVoid draws the Void: a black card with a hollow ring and a V, the
// wild card that belongs to no suit.
func drawVoid(k *canvas) {
	violet := rgb(0x9B, 0x6B, 0xD6)
	k.base(violet, ink, 9, 10)
	k.circle(violet, Size/2, Size/2, 46)
	k.circle(ink, Size/2, Size/2, 36)
	k.text(white, 60, Size/2, Size/2+22, "V")
}

// drawBack draws the back of a card, for a card shown face down.
func drawBack(k *canvas) {
	k.base(white, backBlue, 9, 10)
	light := rgb(0x5A, 0x6E, 0xA8)
	for i := float32(0); i < 4; i++ {
		for j := float32(0); j < 4; j++ {
			cx, cy := 25+i*26, 25+j*26
			k.fill(light, func(z *path) {
				polygon(z, cx, cy-9, cx+9, cy, cx, cy+9, cx-9, cy)
			})
		}
	}
}
