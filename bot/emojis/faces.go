package emojis

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"runtime"
	"sync"

	"github.com/cardbot/cardbot/bot/cardface"
	"github.com/cardbot/cardbot/engine/laro"
	"github.com/cardbot/cardbot/engine/laus"
)

// renderFaces draws and encodes every distinct face: 60 suited Laro cards,
// the Void, and 32 Laus cards, encoding on every CPU. cardface caches the
// pictures, so a second call only re-encodes.
func renderFaces() ([]face, error) {
	type todo struct {
		key, text string
		img       *image.NRGBA
	}
	var work []todo
	for _, c := range laro.Deck() {
		if c.IsVoid() && c != laro.VoidCard(0) {
			continue
		}
		work = append(work, todo{LaroKey(c), c.Symbol(), cardface.Laro(c)})
	}
	for c := laus.Card(1); c <= 32; c++ {
		work = append(work, todo{LausKey(c), c.Symbol(), cardface.Laus(c)})
	}

	fs := make([]face, len(work))
	errs := make([]error, len(work))
	workers := min(runtime.GOMAXPROCS(0), len(work))
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(work); i += workers {
				t := work[i]
				png, err := cardface.PNG(t.img)
				if err != nil {
					errs[i] = fmt.Errorf("emojis: encoding %s: %w", t.key, err)
					continue
				}
				// The hash is of the pixels, not the PNG bytes, so a Go
				// release that compresses differently re-uploads nothing.
				sum := sha256.Sum256(t.img.Pix)
				fs[i] = face{key: t.key, text: t.text, png: png, hash: hex.EncodeToString(sum[:4])}
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return fs, nil
}
