package emojis

import (
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/catalog"
)

// faces are the card faces of every game the bot runs, as the games
// registered them in the catalog, with what the set needs to know of them.
type faces struct {
	list    []catalog.Face
	texts   map[string]string // each face's card as text, by key
	retired map[string]bool   // keys the games' faces had before
}

func newFaces(list []catalog.Face, retired []string) *faces {
	fs := &faces{list: list, texts: map[string]string{}, retired: map[string]bool{}}
	for _, f := range list {
		fs.texts[f.Key] = f.Text
	}
	for _, k := range retired {
		fs.retired[k] = true
	}
	return fs
}

// face is one card face ready to upload.
type face struct {
	key  string
	text string // the card's text form, shown when the emoji is not
	png  []byte
	hash string // eight hex digits of the SHA-256 of the face's pixels
}

// name is the emoji's name: key and hash, at most 32 characters of
// [a-z0-9_] as Discord requires.
func (f face) name() string { return f.key + "_" + f.hash }

// parseName splits an emoji name made by name; ok is false for any emoji
// this package did not make: one whose key is none of the faces'.
func (fs *faces) parseName(name string) (key, hash string, ok bool) {
	key, hash, ok = splitName(name)
	if _, known := fs.texts[key]; !ok || !known {
		return "", "", false
	}
	return key, hash, true
}

// oldName reports whether name is a face this package made under a key the
// games have retired ("laro_cp4_1a2b3c4d", from before faces were named in
// words).
func (fs *faces) oldName(name string) bool {
	key, _, ok := splitName(name)
	return ok && fs.retired[key]
}

// splitName splits name into a key and an eight-hex-digit hash.
func splitName(name string) (key, hash string, ok bool) {
	i := strings.LastIndexByte(name, '_')
	if i < 0 {
		return "", "", false
	}
	key, hash = name[:i], name[i+1:]
	if len(hash) != 8 || strings.Trim(hash, "0123456789abcdef") != "" {
		return "", "", false
	}
	return key, hash, true
}

// Plain returns a replacer that turns the card emojis among list (an
// application's emojis, as Discord lists them), inline as a message shows
// them, back into their cards' text, as Set.Fit does for the bot itself: a
// reader of the bot's messages (the load generator) then reads the same text
// whether or not the bot had its emojis. Other emojis are left as they are.
// faces are the card faces of the games the bot runs.
func Plain(list []discordgo.Emoji, faces []catalog.Face) *strings.Replacer {
	fs := newFaces(faces, nil)
	var pairs []string
	for _, e := range list {
		if key, _, ok := fs.parseName(e.Name); ok {
			pairs = append(pairs, inline(discordgo.ComponentEmoji{Name: e.Name, ID: e.ID}), fs.texts[key])
		}
	}
	return strings.NewReplacer(pairs...)
}
