package cardface

import (
	"image"
	"image/color"

	"github.com/cardbot/cardbot/engine/laus"
)

var (
	lausRed   = rgb(0xC6, 0x1B, 0x1B)
	lausBlack = rgb(0x1C, 0x1C, 0x22)
	gold      = rgb(0xF2, 0xC1, 0x2E)
	paleGold  = rgb(0xFF, 0xEE, 0xB0)
	badge     = rgb(0x6A, 0x1B, 0x9A)
)

// drawLaus draws one Laus face in the classic style: rank at the top, the
// suit's pip below, hearts and diamonds red. A jack, a trump, is gold with a
// star; a queen shows in a purple badge what taking it costs: its bonus, or
// "×0" for the queen of diamonds, which cancels the bonuses of its taker.
func drawLaus(f *fonts, c laus.Card) *image.NRGBA {
	k := newCanvas(f)
	if !c.Valid() {
		drawBack(k)
		return k.finish()
	}
	colour := lausBlack
	if c.Suit() == laus.Hearts || c.Suit() == laus.Diamonds {
		colour = lausRed
	}
	edge, bg := rgb(0x9A, 0x9A, 0xA2), white
	if c.IsJack() {
		edge, bg = gold, paleGold
	}
	if c.IsQueen() {
		edge = badge
	}
	k.base(edge, bg, 8, 11)
	k.text(colour, 58, 42, 62, c.Rank().String())
	pip(k, colour, c.Suit(), 92, 90, 26)
	switch {
	case c.IsJack():
		k.star(gold, 100, 32, 20)
		k.star(lausBlack, 100, 32, 9)
	case c.IsQueen():
		label := "×0"
		if b := c.Bonus(); b > 0 {
			label = itoa(b)
		}
		k.roundRect(badge, 12, 84, 62, 116, 8)
		k.text(white, 24, 37, 109, label)
	}
	return k.finish()
}

// pip fills the suit's symbol of radius r centred on cx, cy.
func pip(k *canvas, c color.Color, s laus.Suit, cx, cy, r float32) {
	switch s {
	case laus.Hearts:
		k.fill(c, func(z *path) { heart(z, cx, cy, r, false) })
	case laus.Diamonds:
		k.fill(c, func(z *path) {
			polygon(z, cx, cy-r*1.1, cx+r*0.8, cy, cx, cy+r*1.1, cx-r*0.8, cy)
		})
	case laus.Spades:
		k.fill(c, func(z *path) {
			heart(z, cx, cy-r*0.15, r*0.95, true)
			stem(z, cx, cy, r)
		})
	case laus.Clubs:
		k.fill(c, func(z *path) {
			disc(z, cx, cy-r*0.5, r*0.45)
			disc(z, cx-r*0.5, cy+r*0.2, r*0.45)
			disc(z, cx+r*0.5, cy+r*0.2, r*0.45)
			disc(z, cx, cy+r*0.05, r*0.3)
			stem(z, cx, cy, r)
		})
	}
}

// heart adds a heart to the path, upside down for a spade's blade.
func heart(z *path, cx, cy, r float32, flip bool) {
	s := float32(1)
	if flip {
		s = -1
	}
	y := func(dy float32) float32 { return cy + s*dy*r }
	z.MoveTo(cx, y(1))
	z.CubeTo(cx-r*0.4, y(0.6), cx-r*1.1, y(0.2), cx-r*1.0, y(-0.4))
	z.CubeTo(cx-r*0.9, y(-1.0), cx-r*0.15, y(-1.05), cx, y(-0.5))
	z.CubeTo(cx+r*0.15, y(-1.05), cx+r*0.9, y(-1.0), cx+r*1.0, y(-0.4))
	z.CubeTo(cx+r*1.1, y(0.2), cx+r*0.4, y(0.6), cx, y(1))
	z.ClosePath()
}

// stem adds the flared foot of a spade or club.
func stem(z *path, cx, cy, r float32) {
	polygon(z, cx-r*0.1, cy+r*0.2, cx+r*0.1, cy+r*0.2, cx+r*0.4, cy+r*1.05, cx-r*0.4, cy+r*1.05)
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for n > 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	return string(b)
}
