package pictures

import (
	"image"
	"image/color"
	"image/draw"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// Scene colours: a dark felt, as card tables are, with light text. The
// contrast of text on felt is over 7:1.
var (
	felt      = color.NRGBA{0x1d, 0x4a, 0x3a, 0xff}
	feltLight = color.NRGBA{0x2a, 0x63, 0x4f, 0xff}
	ink       = color.NRGBA{0xf4, 0xf1, 0xe8, 0xff}
	inkDim    = color.NRGBA{0xb9, 0xcf, 0xc4, 0xff}
	gold      = color.NRGBA{0xf2, 0xc1, 0x2e, 0xff}
	frameDim  = color.NRGBA{0x8a, 0xa8, 0x9a, 0xff}
)

// scene is a picture being drawn, with the faces it writes text in.
type scene struct {
	img         *image.RGBA // the type image/draw and image/png have fast paths for
	title, body font.Face
	small       font.Face
}

func newScene(w, h int) *scene {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(felt), image.Point{}, draw.Src)
	return &scene{img: img, title: face(bold, 22), body: face(bold, 16), small: face(regular, 14)}
}

// text writes s with its baseline at (x, y), cut to fit within maxW
// pixels (an ellipsis marks the cut), and returns the x it ended at.
func (s *scene) text(f font.Face, x, y, maxW int, c color.Color, str string) int {
	d := &font.Drawer{Dst: s.img, Src: image.NewUniform(c), Face: f, Dot: fixed.P(x, y)}
	if maxW > 0 && d.MeasureString(str).Ceil() > maxW {
		r := []rune(str)
		for len(r) > 0 && d.MeasureString(string(r)+"…").Ceil() > maxW {
			r = r[:len(r)-1]
		}
		str = string(r) + "…"
	}
	d.DrawString(str)
	return d.Dot.X.Ceil()
}

// fill paints a rectangle.
func (s *scene) fill(r image.Rectangle, c color.Color) {
	draw.Draw(s.img, r, image.NewUniform(c), image.Point{}, draw.Src)
}

// frame draws a border of width w around r, outside it.
func (s *scene) frame(r image.Rectangle, w int, c color.Color) {
	o := r.Inset(-w)
	s.fill(image.Rect(o.Min.X, o.Min.Y, o.Max.X, r.Min.Y), c)
	s.fill(image.Rect(o.Min.X, r.Max.Y, o.Max.X, o.Max.Y), c)
	s.fill(image.Rect(o.Min.X, r.Min.Y, r.Min.X, r.Max.Y), c)
	s.fill(image.Rect(r.Max.X, r.Min.Y, o.Max.X, r.Max.Y), c)
}
