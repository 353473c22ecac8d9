// Package catalog is the register of the games a bot runs. A game describes
// itself once, in an Entry (its kind, its name for people, what one play of it
// is called, its colour, its card faces); the bot collects the entries of the
// games it was given into a Catalog, and the shared packages (history, the
// card emojis, the tables) look a game up there instead of naming the games.
//
// This package imports store, and no game.
package catalog

import (
	"fmt"
	"image"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// An Entry is what a game registers about itself.
type Entry struct {
	// Kind is the game's stored kind; its name is also its slash command and
	// its name in custom_ids ("laro").
	Kind store.Kind
	// Title is the game's name for people: "Laro".
	Title string
	// Noun is what one play of the game is called in texts: "game", or
	// "match" for Laus. It is also the name of the replay command's ID option.
	Noun string
	// Colour is the colour of the game's embeds: tables, history pages.
	Colour int
	// Faces are the game's card faces, made application emojis at start;
	// nil shows its cards as text.
	Faces []Face
	// RetiredFaces are keys the game's faces had before: emojis of these
	// names that the bot made are deleted once the current faces are all up.
	RetiredFaces []string
	// Settings are the game's own server defaults in /cardbot settings.
	Settings []Setting
}

// A Face is one card face of a game, as an application emoji.
type Face struct {
	// Key names the face in words a screen reader says well ("jack_clubs"):
	// at most 23 characters of [a-z0-9_], leaving room for the emoji's hash.
	Key string
	// Text is the card as text, shown when the emoji is not: "J♣".
	Text string
	// Draw draws the face (128 × 128). It may be called from any goroutine.
	Draw func() *image.NRGBA
}

// Command is the game's slash command name: "laro".
func (e Entry) Command() string { return e.Kind.String() }

// ReplayHintIn is the command that opens game id's replay, named as a
// member reading l sees it in Discord: "/laro wiederholung spiel:<ID>".
func (e Entry) ReplayHintIn(l lang.Lang, id string) string {
	option := e.Noun
	if key := fmt.Sprintf("cmd.%s.replay.%s.name", e.Command(), e.Noun); l.Has(key) {
		option = l.T(key)
	}
	return fmt.Sprintf("%s %s:%s", ui.Cmd(l, e.Command()+" replay"), option, id)
}

// A Catalog is the games one bot runs, in the order they were added. It is
// built before the bot starts and only read after, so it needs no lock.
type Catalog struct {
	entries []Entry
	byKind  map[store.Kind]int
}

// New makes a catalog of entries. It refuses a kind the store cannot keep
// or one registered twice, since either is a programming error that would
// otherwise surface as a game nobody can store or find.
func New(entries ...Entry) (*Catalog, error) {
	c := &Catalog{byKind: map[store.Kind]int{}}
	for _, e := range entries {
		if !store.ValidKind(e.Kind) {
			return nil, fmt.Errorf("catalog: %q is not a valid game kind", e.Kind)
		}
		if _, dup := c.byKind[e.Kind]; dup {
			return nil, fmt.Errorf("catalog: game %q registered twice", e.Kind)
		}
		if e.Title == "" || e.Noun == "" {
			return nil, fmt.Errorf("catalog: game %q needs a title and a noun", e.Kind)
		}
		if err := c.checkSettings(e); err != nil {
			return nil, err
		}
		c.byKind[e.Kind] = len(c.entries)
		c.entries = append(c.entries, e)
	}
	return c, nil
}

// checkSettings refuses a setting of e stored under another game's kind or
// a name other than its option's, and an option name another game's setting
// already has: /cardbot settings has one option of each name.
func (c *Catalog) checkSettings(e Entry) error {
	taken := map[string]store.Kind{}
	for _, o := range c.Settings() {
		taken[o.Option.Name] = o.Key.Kind
	}
	for _, s := range e.Settings {
		if s.Option == nil || s.Key != (store.GameSetting{Kind: e.Kind, Name: s.Option.Name}) {
			return fmt.Errorf("catalog: a setting of game %q is not keyed by its kind and option name", e.Kind)
		}
		if k, dup := taken[s.Option.Name]; dup {
			return fmt.Errorf("catalog: games %q and %q both have a setting %q", k, e.Kind, s.Option.Name)
		}
		taken[s.Option.Name] = e.Kind
	}
	return nil
}

// Lookup returns the entry of kind k; ok is false for a kind this bot does
// not run (a nil Catalog runs none).
func (c *Catalog) Lookup(k store.Kind) (e Entry, ok bool) {
	if c == nil {
		return Entry{}, false
	}
	i, ok := c.byKind[k]
	if !ok {
		return Entry{}, false
	}
	return c.entries[i], true
}

// All returns every entry, in the order they were added.
func (c *Catalog) All() []Entry {
	if c == nil {
		return nil
	}
	return append([]Entry(nil), c.entries...)
}

// Settings returns the settings of every game, game by game.
func (c *Catalog) Settings() []Setting {
	var ss []Setting
	for _, e := range c.All() {
		ss = append(ss, e.Settings...)
	}
	return ss
}

// RetiredFaces returns the retired face keys of every game.
func (c *Catalog) RetiredFaces() []string {
	var ks []string
	for _, e := range c.All() {
		ks = append(ks, e.RetiredFaces...)
	}
	return ks
}

// Faces returns the card faces of every game, game by game.
func (c *Catalog) Faces() []Face {
	var fs []Face
	for _, e := range c.All() {
		fs = append(fs, e.Faces...)
	}
	return fs
}
