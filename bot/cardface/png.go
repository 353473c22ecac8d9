package cardface

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"sync"
)

// encoder favours speed: faces are flat colours, so even the fastest
// compression keeps each file a few KiB, far under Discord's 256 KiB.
var encoder = png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &pool{}}

// PNG encodes a face (or any picture) as PNG bytes. A picture of at most
// 256 colours is stored with a palette, losslessly: a quarter of the bytes
// to compress, and no per-row filter search, which made up most of the
// encoding time.
func PNG(img image.Image) ([]byte, error) {
	if n, ok := img.(*image.NRGBA); ok {
		if p := paletted(n); p != nil {
			img = p
		}
	}
	var buf bytes.Buffer
	if err := encoder.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// paletted returns img with a palette of its colours in order of first
// appearance, or nil when it has more than 256.
func paletted(img *image.NRGBA) *image.Paletted {
	b := img.Bounds()
	index := make(map[color.NRGBA]uint8, 256)
	var pal color.Palette
	out := image.NewPaletted(b, nil)
	var last color.NRGBA
	var lastIdx uint8
	have := false
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := img.Pix[img.PixOffset(b.Min.X, y):]
		dst := out.Pix[out.PixOffset(b.Min.X, y):]
		for x := range b.Dx() {
			c := color.NRGBA{row[4*x], row[4*x+1], row[4*x+2], row[4*x+3]}
			// Runs of one colour are the rule in a face: skip the map.
			if !have || c != last {
				i, ok := index[c]
				if !ok {
					if len(pal) == 256 {
						return nil
					}
					i = uint8(len(pal))
					index[c] = i
					pal = append(pal, c)
				}
				last, lastIdx, have = c, i, true
			}
			dst[x] = lastIdx
		}
	}
	out.Palette = pal
	return out
}

// pool lets successive encodings reuse the encoder's buffers.
type pool struct{ p sync.Pool }

func (p *pool) Get() *png.EncoderBuffer {
	b, _ := p.p.Get().(*png.EncoderBuffer)
	return b
}

func (p *pool) Put(b *png.EncoderBuffer) { p.p.Put(b) }
