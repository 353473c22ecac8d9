package emojis

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"

	"github.com/cardbot/cardbot/bot/cardface"
	"github.com/cardbot/cardbot/engine/laro"
	"github.com/cardbot/cardbot/engine/laus"
)

// renderFaces draws and encodes every distinct face: 60 suited Laro cards,
// the Void, and 32 Laus cards. cardface caches the pictures, so a second
// call only re-encodes.
func renderFaces() ([]face, error) {
	var fs []face
	add := func(key, text string, img *image.NRGBA) error {
		png, err := cardface.PNG(img)
		if err != nil {
			return fmt.Errorf("emojis: encoding %s: %w", key, err)
		}
		// The hash is of the pixels, not the PNG bytes, so a new Go release
		// that compresses differently does not re-upload every face.
		sum := sha256.Sum256(img.Pix)
		fs = append(fs, face{key: key, text: text, png: png, hash: hex.EncodeToString(sum[:4])})
		return nil
	}
	for _, c := range laro.Deck() {
		if c.IsVoid() && c != laro.VoidCard(0) {
			continue
		}
		if err := add(LaroKey(c), c.Symbol(), cardface.Laro(c)); err != nil {
			return nil, err
		}
	}
	for c := laus.Card(1); c <= 32; c++ {
		if err := add(LausKey(c), c.Symbol(), cardface.Laus(c)); err != nil {
			return nil, err
		}
	}
	return fs, nil
}
