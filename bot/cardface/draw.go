package cardface

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// Size is the width and height of a face in pixels. Discord recommends
// 128 × 128 for emojis (and refuses files over 256 KiB).
const Size = 128

// canvas is one face being drawn. It draws on an *image.RGBA because the
// rasterizer has a fast path for it; finish converts to NRGBA, the form PNG
// stores without loss.
type canvas struct {
	img *image.RGBA
	z   *vector.Rasterizer
	f   *fonts
}

func newCanvas(f *fonts) *canvas {
	return &canvas{
		img: image.NewRGBA(image.Rect(0, 0, Size, Size)),
		z:   vector.NewRasterizer(Size, Size),
		f:   f,
	}
}

// fill paints the path built by build in colour c, anti-aliased. The
// rasterizer covers only the path's bounds, so a small shape costs little.
func (k *canvas) fill(c color.Color, build func(p *path)) {
	var p path
	build(&p)
	b := p.bounds().Intersect(k.img.Bounds())
	if b.Empty() {
		return
	}
	k.z.Reset(b.Dx(), b.Dy())
	p.replay(k.z, float32(b.Min.X), float32(b.Min.Y))
	k.z.Draw(k.img, b, image.NewUniform(c), image.Point{})
}

// path records a vector path so its bounds are known before it is drawn.
type path struct {
	ops []pathOp
}

// pathOp is one step: n points (1 for move and line, 3 for a cubic curve,
// 0 to close).
type pathOp struct {
	n  int
	pt [3][2]float32
}

func (p *path) MoveTo(x, y float32) { p.ops = append(p.ops, pathOp{n: -1, pt: [3][2]float32{{x, y}}}) }
func (p *path) LineTo(x, y float32) { p.ops = append(p.ops, pathOp{n: 1, pt: [3][2]float32{{x, y}}}) }
func (p *path) ClosePath()          { p.ops = append(p.ops, pathOp{n: 0}) }
func (p *path) CubeTo(bx, by, cx, cy, dx, dy float32) {
	p.ops = append(p.ops, pathOp{n: 3, pt: [3][2]float32{{bx, by}, {cx, cy}, {dx, dy}}})
}

// bounds is the whole-pixel box holding every point, control points too
// (a cubic curve stays inside the hull of its points).
func (p *path) bounds() image.Rectangle {
	minX, minY, maxX, maxY := float32(math.MaxFloat32), float32(math.MaxFloat32), float32(-math.MaxFloat32), float32(-math.MaxFloat32)
	for _, o := range p.ops {
		n := o.n
		if n < 0 {
			n = 1
		}
		for _, q := range o.pt[:n] {
			minX, minY = min(minX, q[0]), min(minY, q[1])
			maxX, maxY = max(maxX, q[0]), max(maxY, q[1])
		}
	}
	if minX > maxX {
		return image.Rectangle{}
	}
	return image.Rect(int(math.Floor(float64(minX))), int(math.Floor(float64(minY))),
		int(math.Ceil(float64(maxX))), int(math.Ceil(float64(maxY))))
}

// replay draws the path into z, shifted so (ox, oy) lands on z's origin.
func (p *path) replay(z *vector.Rasterizer, ox, oy float32) {
	for _, o := range p.ops {
		q := o.pt
		switch o.n {
		case -1:
			z.MoveTo(q[0][0]-ox, q[0][1]-oy)
		case 1:
			z.LineTo(q[0][0]-ox, q[0][1]-oy)
		case 3:
			z.CubeTo(q[0][0]-ox, q[0][1]-oy, q[1][0]-ox, q[1][1]-oy, q[2][0]-ox, q[2][1]-oy)
		case 0:
			z.ClosePath()
		}
	}
}

// roundRect fills a rectangle with rounded corners of radius rad.
func (k *canvas) roundRect(c color.Color, x0, y0, x1, y1, rad float32) {
	k.fill(c, func(z *path) {
		// kappa places cubic control points so a quarter curve follows a circle.
		const kappa = 0.5523
		q := rad * (1 - kappa)
		z.MoveTo(x0+rad, y0)
		z.LineTo(x1-rad, y0)
		z.CubeTo(x1-q, y0, x1, y0+q, x1, y0+rad)
		z.LineTo(x1, y1-rad)
		z.CubeTo(x1, y1-q, x1-q, y1, x1-rad, y1)
		z.LineTo(x0+rad, y1)
		z.CubeTo(x0+q, y1, x0, y1-q, x0, y1-rad)
		z.LineTo(x0, y0+rad)
		z.CubeTo(x0, y0+q, x0+q, y0, x0+rad, y0)
		z.ClosePath()
	})
}

// rect fills an axis-aligned rectangle on whole pixels; it needs no
// anti-aliasing, so it skips the rasterizer.
func (k *canvas) rect(c color.Color, x0, y0, x1, y1 int) {
	draw.Draw(k.img, image.Rect(x0, y0, x1, y1), image.NewUniform(c), image.Point{}, draw.Over)
}

// base starts a face as a card of colour bg with an edge of colour edge and
// rounded corners. Many faces share a base, so each is drawn once per pass
// and copied.
func (k *canvas) base(edge, bg color.NRGBA, inset float32, inner float32) {
	key := [2]color.NRGBA{edge, bg}
	if b, ok := k.f.bases[key]; ok {
		copy(k.img.Pix, b.Pix)
		return
	}
	k.roundRect(edge, 2, 2, Size-2, Size-2, 16)
	k.roundRect(bg, inset, inset, Size-inset, Size-inset, inner)
	b := image.NewRGBA(k.img.Bounds())
	copy(b.Pix, k.img.Pix)
	k.f.bases[key] = b
}

// circle fills a disc.
func (k *canvas) circle(c color.Color, cx, cy, r float32) {
	k.fill(c, func(z *path) { disc(z, cx, cy, r) })
}

// disc adds a circle to the path as four cubic curves.
func disc(z *path, cx, cy, r float32) {
	const kappa = 0.5523
	k := r * kappa
	z.MoveTo(cx+r, cy)
	z.CubeTo(cx+r, cy+k, cx+k, cy+r, cx, cy+r)
	z.CubeTo(cx-k, cy+r, cx-r, cy+k, cx-r, cy)
	z.CubeTo(cx-r, cy-k, cx-k, cy-r, cx, cy-r)
	z.CubeTo(cx+k, cy-r, cx+r, cy-k, cx+r, cy)
	z.ClosePath()
}

// polygon adds a closed polygon given as x, y pairs.
func polygon(z *path, xy ...float32) {
	z.MoveTo(xy[0], xy[1])
	for i := 2; i+1 < len(xy); i += 2 {
		z.LineTo(xy[i], xy[i+1])
	}
	z.ClosePath()
}

// star fills a five-pointed star centred on cx, cy with outer radius r.
func (k *canvas) star(c color.Color, cx, cy, r float32) {
	k.fill(c, func(z *path) {
		pts := make([]float32, 0, 20)
		for i := range 10 {
			rad := r
			if i%2 == 1 {
				rad = r * 0.42
			}
			a := -math.Pi/2 + float64(i)*math.Pi/5
			pts = append(pts, cx+rad*float32(math.Cos(a)), cy+rad*float32(math.Sin(a)))
		}
		polygon(z, pts...)
	})
}

// text draws s in bold at the given pixel size, centred horizontally on cx,
// with its baseline at y.
func (k *canvas) text(c color.Color, size float64, cx, baseline float32, s string) {
	face := k.f.face(size)
	d := font.Drawer{Dst: k.img, Src: image.NewUniform(c), Face: face}
	w := d.MeasureString(s)
	d.Dot = fixed.Point26_6{
		X: fixed.Int26_6(cx*64) - w/2,
		Y: fixed.Int26_6(baseline * 64),
	}
	d.DrawString(s)
}

// finish returns the face as NRGBA. It converts by hand: image/draw's
// general path for RGBA to NRGBA was a quarter of the whole render time.
func (k *canvas) finish() *image.NRGBA {
	out := image.NewNRGBA(k.img.Bounds())
	src, dst := k.img.Pix, out.Pix
	for i := 0; i < len(src); i += 4 {
		switch a := uint32(src[i+3]); a {
		case 0:
		case 255:
			copy(dst[i:i+4], src[i:i+4])
		default:
			dst[i+0] = uint8(uint32(src[i+0]) * 255 / a)
			dst[i+1] = uint8(uint32(src[i+1]) * 255 / a)
			dst[i+2] = uint8(uint32(src[i+2]) * 255 / a)
			dst[i+3] = uint8(a)
		}
	}
	return out
}

// fonts holds what one render pass reuses: the bold Go font, the faces made
// from it at each size, and the card bases drawn so far. A font.Face is not
// safe for concurrent use, so each pass builds its own fonts value.
type fonts struct {
	font  *opentype.Font
	faces map[float64]font.Face
	bases map[[2]color.NRGBA]*image.RGBA
}

var (
	parseOnce  sync.Once
	parsedBold *opentype.Font
)

func newFonts() *fonts {
	parseOnce.Do(func() {
		f, err := opentype.Parse(gobold.TTF)
		if err != nil {
			panic("cardface: the embedded Go Bold font does not parse: " + err.Error())
		}
		parsedBold = f
	})
	return &fonts{font: parsedBold, faces: map[float64]font.Face{}, bases: map[[2]color.NRGBA]*image.RGBA{}}
}

func (f *fonts) face(size float64) font.Face {
	if fc, ok := f.faces[size]; ok {
		return fc
	}
	fc, err := opentype.NewFace(f.font, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		panic("cardface: cannot make a face of the Go Bold font: " + err.Error())
	}
	f.faces[size] = fc
	return fc
}

// rgb is a shorthand for an opaque colour.
func rgb(r, g, b uint8) color.NRGBA { return color.NRGBA{r, g, b, 255} }

// darken scales a colour towards black by f (0..1 keeps that share).
func darken(c color.NRGBA, f float64) color.NRGBA {
	return color.NRGBA{uint8(float64(c.R) * f), uint8(float64(c.G) * f), uint8(float64(c.B) * f), c.A}
}
