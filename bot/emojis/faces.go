package emojis

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"runtime"
	"sync"

	"github.com/cardbot/cardbot/bot/cardface"
	"github.com/cardbot/cardbot/bot/catalog"
)

// renderFaces draws and encodes every face of the games (Laro's 60 suited
// cards and the Void, Laus's 32 cards), encoding on every CPU. The games'
// faces are drawn once per process (cardface caches them), so a second call
// only re-encodes.
func renderFaces(list []catalog.Face) ([]face, error) {
	work := list

	fs := make([]face, len(work))
	errs := make([]error, len(work))
	workers := min(runtime.GOMAXPROCS(0), len(work))
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(work); i += workers {
				t := work[i]
				img := t.Draw()
				png, err := cardface.PNG(img)
				if err != nil {
					errs[i] = fmt.Errorf("emojis: encoding %s: %w", t.Key, err)
					continue
				}
				// The hash is of the pixels, not the PNG bytes, so a Go
				// release that compresses differently re-uploads nothing.
				sum := sha256.Sum256(img.Pix)
				fs[i] = face{key: t.Key, text: t.Text, png: png, hash: hex.EncodeToString(sum[:4])}
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
