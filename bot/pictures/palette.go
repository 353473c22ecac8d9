package pictures

import (
	"cmp"
	"image"
	"image/color"
	"image/draw"
	"slices"
	"sync"

	"github.com/cardbot/cardbot/engine/laro"
)

// Scenes are stored as 8-bit paletted PNGs: a third of the bytes of true
// colour, and PNG's costliest step (choosing a filter for every row) does
// not apply to them, which keeps a scene within a few milliseconds.
//
// The palette is made once, from what scenes are made of: the felt and
// text colours, text's anti-aliased edges between them, and the most used
// colours of every card face as scenes show it. A lookup table maps each
// colour (5 bits a channel) to its nearest palette entry, filled in as
// colours are met (a scene meets a few hundred of the 32,768), so
// converting a scene costs about one table read a pixel.

var sceneColors struct {
	once sync.Once
	pal  color.Palette
	have []color.NRGBA

	mu  sync.Mutex // guards lut
	lut []int16    // by r>>3<<10 | g>>3<<5 | b>>3; -1 until first met
}

// paletted converts an opaque scene to the scene palette.
func paletted(img *image.RGBA) *image.Paletted {
	sc := &sceneColors
	sc.once.Do(buildPalette)
	b := img.Bounds()
	out := image.NewPaletted(b, sc.pal)
	sc.mu.Lock()
	defer sc.mu.Unlock()
	for y := 0; y < b.Dy(); y++ {
		src := img.Pix[y*img.Stride : y*img.Stride+4*b.Dx()]
		dst := out.Pix[y*out.Stride : y*out.Stride+b.Dx()]
		for x := range dst {
			p := src[4*x : 4*x+3]
			k := int(p[0]>>3)<<10 | int(p[1]>>3)<<5 | int(p[2]>>3)
			i := sc.lut[k]
			if i < 0 {
				i = nearest(k)
				sc.lut[k] = i
			}
			dst[x] = uint8(i)
		}
	}
	return out
}

// nearest returns the palette entry closest to the middle of bucket k.
func nearest(k int) int16 {
	c := color.NRGBA{uint8(k>>10)<<3 | 4, uint8(k>>5&31)<<3 | 4, uint8(k&31)<<3 | 4, 0xff}
	best, bestD := 0, 1<<30
	for j, h := range sceneColors.have {
		if d := dist(h, c); d < bestD {
			best, bestD = j, d
		}
	}
	return int16(best)
}

func buildPalette() {
	backs := []color.NRGBA{felt, feltLight}
	fixed := []color.NRGBA{felt, feltLight, ink, inkDim, gold, frameDim}
	// Text and frames: each ink over each background, in 15 steps.
	for _, bg := range backs {
		for _, fg := range []color.NRGBA{ink, inkDim, gold, frameDim} {
			for i := 1; i < 16; i++ {
				fixed = append(fixed, blend(bg, fg, i, 16))
			}
		}
	}
	// Card faces as scenes show them, on the felt.
	count := map[uint32]int{}
	tally := func(t *image.NRGBA) {
		img := image.NewRGBA(t.Bounds())
		draw.Draw(img, img.Bounds(), image.NewUniform(felt), image.Point{}, draw.Src)
		draw.Draw(img, img.Bounds(), t, image.Point{}, draw.Over)
		for i := 0; i < len(img.Pix); i += 4 {
			count[uint32(img.Pix[i])<<16|uint32(img.Pix[i+1])<<8|uint32(img.Pix[i+2])]++
		}
	}
	for c := range laro.NumCards + 1 {
		tally(tile(tileKey{card: uint8(c), size: laroTile}))
	}
	for c := range 33 { // Laus cards are 1 to 32; 0 draws a card back
		tally(tile(tileKey{laus: true, card: uint8(c), size: lausTile}))
	}
	type used struct {
		c color.NRGBA
		n int
	}
	var byUse []used
	for c, n := range count {
		byUse = append(byUse, used{color.NRGBA{uint8(c >> 16), uint8(c >> 8), uint8(c), 0xff}, n})
	}
	// Most used first; ties in a fixed order, so the palette is always the same.
	slices.SortFunc(byUse, func(a, b used) int {
		if a.n != b.n {
			return b.n - a.n
		}
		return cmp.Compare(pack(a.c), pack(b.c))
	})
	pal := color.Palette{}
	have := []color.NRGBA{}
	addColor := func(c color.NRGBA, near int) {
		for _, h := range have {
			if dist(h, c) <= near {
				return
			}
		}
		have = append(have, c)
		pal = append(pal, c)
	}
	for _, c := range fixed {
		addColor(c, 0)
	}
	for _, u := range byUse {
		if len(pal) == 256 {
			break
		}
		addColor(u.c, 12)
	}
	lut := make([]int16, 1<<15)
	for i := range lut {
		lut[i] = -1
	}
	sceneColors.pal, sceneColors.have, sceneColors.lut = pal, have, lut
}

// blend mixes fg over bg by i/n.
func blend(bg, fg color.NRGBA, i, n int) color.NRGBA {
	mix := func(a, b uint8) uint8 { return uint8((int(a)*(n-i) + int(b)*i) / n) }
	return color.NRGBA{mix(bg.R, fg.R), mix(bg.G, fg.G), mix(bg.B, fg.B), 0xff}
}

func dist(a, b color.NRGBA) int {
	dr, dg, db := int(a.R)-int(b.R), int(a.G)-int(b.G), int(a.B)-int(b.B)
	return dr*dr + dg*dg + db*db
}

func pack(c color.NRGBA) uint32 { return uint32(c.R)<<16 | uint32(c.G)<<8 | uint32(c.B) }
