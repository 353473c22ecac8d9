package emojis

import (
	"context"
	"encoding/base64"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/catalog"
)

// API is the part of discordgo's session the set uses; *discordgo.Session
// satisfies it.
type API interface {
	ApplicationEmojis(appID string, options ...discordgo.RequestOption) ([]*discordgo.Emoji, error)
	ApplicationEmojiCreate(appID string, data *discordgo.EmojiParams, options ...discordgo.RequestOption) (*discordgo.Emoji, error)
	ApplicationEmojiDelete(appID, emojiID string, options ...discordgo.RequestOption) error
}

// Set is the card emojis of one application. A nil *Set, or one that is not
// (yet) complete, answers every lookup with "no emoji", so callers fall back
// to text. It is safe for concurrent use.
type Set struct {
	log   *slog.Logger
	faces *faces
	done  chan struct{} // closed when Start's work has ended, in success or not

	mu    sync.RWMutex
	ready map[string]discordgo.ComponentEmoji // by card key; nil until complete
	plain *strings.Replacer                   // inline emojis back to card text
	// text is every face's inline emoji ("<:name:id>") by key, made once
	// when the set is complete instead of on every card shown.
	text map[string]string
	// shortest is the fewest characters of any inline emoji in text.
	shortest int
	// now is what Now returns: the set as last published, made once rather
	// than on each of the views drawn on every click.
	now *Set
}

// New returns an empty set of faces (the card faces of every game the bot
// runs, as the games registered them in the catalog). Emojis this package
// made under a retired key are deleted once the set is complete.
func New(log *slog.Logger, faces []catalog.Face, retired []string) *Set {
	if log == nil {
		log = slog.Default()
	}
	return &Set{log: log, faces: newFaces(faces, retired), done: make(chan struct{})}
}

// Start syncs the set with Discord in the background: it never delays the
// caller. ctx ends the work early (at shutdown).
func (s *Set) Start(ctx context.Context, api API, appID string) {
	go func() {
		defer close(s.done)
		// A sync cut short by shutdown is not worth a warning.
		if err := s.Sync(ctx, api, appID); err != nil && ctx.Err() == nil {
			s.log.Warn("card emojis unavailable; cards show as text", "err", err)
		}
	}()
}

// Done is closed once Start's sync has ended, whether or not it succeeded.
func (s *Set) Done() <-chan struct{} { return s.done }

// Sync makes every face an application emoji: it lists what the application
// has, uploads what is missing, then deletes its own faces of older art.
// Only when every face is there do lookups start to answer.
func (s *Set) Sync(ctx context.Context, api API, appID string) error {
	faces, err := renderFaces(s.faces.list)
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	have, err := api.ApplicationEmojis(appID, discordgo.WithContext(ctx))
	if err != nil {
		return fmt.Errorf("listing application emojis: %w", err)
	}
	byName := map[string]*discordgo.Emoji{}
	for _, e := range have {
		byName[e.Name] = e
	}
	ready := make(map[string]discordgo.ComponentEmoji, len(faces))
	texts := map[string]string{}
	wanted := map[string]bool{}
	uploaded := 0
	for _, f := range faces {
		name := f.name()
		wanted[name] = true
		e := byName[name]
		if e == nil {
			if err := ctx.Err(); err != nil {
				return err
			}
			e, err = api.ApplicationEmojiCreate(appID, &discordgo.EmojiParams{
				Name:  name,
				Image: "data:image/png;base64," + base64.StdEncoding.EncodeToString(f.png),
			}, discordgo.WithContext(ctx))
			if err != nil {
				return fmt.Errorf("uploading emoji %s (%d of %d uploaded): %w", name, uploaded, len(faces), err)
			}
			uploaded++
		}
		ready[f.key] = discordgo.ComponentEmoji{Name: e.Name, ID: e.ID}
		texts[f.key] = f.text
	}
	s.publish(ready, texts)
	s.log.Info("card emojis ready", "faces", len(faces), "uploaded", uploaded)

	// Old art, and faces under their old names, are removed only now, when
	// nothing can still point at them from this process; emojis named by
	// anyone else are left alone.
	for _, e := range have {
		if _, _, ours := s.faces.parseName(e.Name); (ours || s.faces.oldName(e.Name)) && !wanted[e.Name] {
			if err := api.ApplicationEmojiDelete(appID, e.ID, discordgo.WithContext(ctx)); err != nil {
				s.log.Warn("could not delete an old card emoji", "emoji", e.Name, "err", err)
			}
		}
	}
	return nil
}

// publish makes a complete set answer lookups.
func (s *Set) publish(ready map[string]discordgo.ComponentEmoji, texts map[string]string) {
	var pairs []string
	for key, e := range ready {
		pairs = append(pairs, inline(e), texts[key])
	}
	text := make(map[string]string, len(ready))
	shortest := 0
	for key, e := range ready {
		text[key] = inline(e)
		if n := utf8.RuneCountInString(text[key]); shortest == 0 || n < shortest {
			shortest = n
		}
	}
	plain := strings.NewReplacer(pairs...)
	now := &Set{log: s.log, faces: s.faces, done: s.done, ready: ready, plain: plain, text: text, shortest: shortest}
	now.now = now
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ready, s.plain, s.text, s.shortest, s.now = ready, plain, text, shortest, now
}

// Now returns the set as it is at this moment, unchanged by a sync that
// completes later, or nil while it is incomplete. A view renders from one
// snapshot so its buttons and its text agree.
func (s *Set) Now() *Set {
	if s == nil {
		return nil
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	// nil until complete. The maps are never written after publish, so
	// sharing them is safe.
	return s.now
}

func (s *Set) lookup(key string) (discordgo.ComponentEmoji, bool) {
	if s == nil || key == "" {
		return discordgo.ComponentEmoji{}, false
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	e, ok := s.ready[key]
	return e, ok
}

// Lookup returns the emoji of the face key, for a button; ok is false
// while the set is incomplete (show the card as text then).
func (s *Set) Lookup(key string) (discordgo.ComponentEmoji, bool) { return s.lookup(key) }

// Text shows the face key in message text: its emoji inline
// ("<:circle_plus_4_1a2b3c4d:123>") or, without one, text ("●+4").
func (s *Set) Text(key, text string) string {
	if s == nil || key == "" {
		return text
	}
	s.mu.RLock()
	inline, ok := s.text[key]
	s.mu.RUnlock()
	if ok {
		return inline
	}
	return text
}

// ShortestText is the fewest characters any face takes in message text as
// an emoji, or 0 while the set is incomplete: with it a view can tell,
// before drawing a field of many cards, that their emojis cannot fit.
func (s *Set) ShortestText() int {
	if s == nil {
		return 0
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.shortest
}

func inline(e discordgo.ComponentEmoji) string { return "<:" + e.Name + ":" + e.ID + ">" }

// Discord's limits on an embed's text, in characters. An emoji takes ~40
// characters, so a crowded table can overflow a field that fits easily as
// text. MaxFieldChars is a field's, for views that choose text themselves.
const (
	MaxFieldChars  = 1024
	maxDescription = 4096
)

// Fit turns the card emojis of any field or description of e that would
// exceed Discord's limits back into card text, so the message is never
// refused for its pictures. Other parts keep their emojis.
func (s *Set) Fit(e *discordgo.MessageEmbed) {
	if s == nil || e == nil {
		return
	}
	s.mu.RLock()
	plain := s.plain
	s.mu.RUnlock()
	if plain == nil {
		return
	}
	if tooLong(e.Description, maxDescription) {
		e.Description = plain.Replace(e.Description)
	}
	for _, f := range e.Fields {
		if f != nil && tooLong(f.Value, MaxFieldChars) {
			f.Value = plain.Replace(f.Value)
		}
	}
}

// tooLong reports whether s has more than limit characters. A string of
// at most limit bytes has no more characters than that, and needs no count.
func tooLong(s string, limit int) bool {
	return len(s) > limit && utf8.RuneCountInString(s) > limit
}

// Fixed returns a complete set of faces whose emojis are given, not synced:
// for rendering tests that need stable emoji IDs. Each face gets the ID
// "1000000000000000000" plus its position among faces and its key as its name.
func Fixed(faces ...catalog.Face) *Set {
	s := New(nil, faces, nil)
	close(s.done)
	ready, texts := map[string]discordgo.ComponentEmoji{}, map[string]string{}
	for _, f := range faces {
		ready[f.Key] = discordgo.ComponentEmoji{Name: f.Key, ID: fmt.Sprint(1000000000000000001 + len(ready))}
		texts[f.Key] = f.Text
	}
	s.publish(ready, texts)
	return s
}
