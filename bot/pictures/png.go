package pictures

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"image/png"
	"sync"
)

// A PNG is a finished picture: its bytes and the file name it is attached
// under. The name ends in a digest of the bytes, so two different pictures
// never share a name and a message that already carries a name carries
// exactly that picture (the bot relies on it not to upload one twice).
type PNG struct {
	Name string
	Data []byte
}

// MaxBytes is the most a picture may weigh; the largest scenes stay well
// under it (see the tests). Discord takes far more, but people on slow
// links load every picture in the channel.
const MaxBytes = 200 << 10

// encoders reuses the PNG encoder's buffers between pictures.
type encoderPool struct{ p sync.Pool }

func (e *encoderPool) Get() *png.EncoderBuffer {
	b, _ := e.p.Get().(*png.EncoderBuffer)
	return b
}
func (e *encoderPool) Put(b *png.EncoderBuffer) { e.p.Put(b) }

var encoders = &encoderPool{}

// encode turns img into a PNG named prefix-<digest>.png. Pictures are
// flat colours and text, which compress well even at the fastest level.
func encode(prefix string, img image.Image) PNG {
	var buf bytes.Buffer
	buf.Grow(64 << 10) // a scene's size, give or take: no copying as it grows
	enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: encoders}
	if err := enc.Encode(&buf, img); err != nil {
		panic(fmt.Sprintf("pictures: encoding a PNG in memory: %v", err)) // a bytes.Buffer does not fail
	}
	sum := sha256.Sum256(buf.Bytes())
	// A copy of exactly the picture's size: the buffer's spare room would
	// stay allocated as long as the picture is kept.
	return PNG{Name: prefix + "-" + hex.EncodeToString(sum[:6]) + ".png", Data: bytes.Clone(buf.Bytes())}
}
