package cardface

import (
	"bytes"
	"image"
	"image/png"
	"sync"
)

// encoder favours speed: faces are flat colours, so even the fastest
// compression keeps each file a few KiB, far under Discord's 256 KiB.
var encoder = png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &pool{}}

// PNG encodes a face (or any picture) as PNG bytes.
func PNG(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	if err := encoder.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// pool lets successive encodings reuse the encoder's buffers.
type pool struct{ p sync.Pool }

func (p *pool) Get() *png.EncoderBuffer {
	b, _ := p.p.Get().(*png.EncoderBuffer)
	return b
}

func (p *pool) Put(b *png.EncoderBuffer) { p.p.Put(b) }
