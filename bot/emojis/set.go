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

	"github.com/cardbot/cardbot/engine/laro"
	"github.com/cardbot/cardbot/engine/laus"
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
	log  *slog.Logger
	done chan struct{} // closed when Start's work has ended, in success or not

	mu    sync.RWMutex
	ready map[string]discordgo.ComponentEmoji // by card key; nil until complete
	plain *strings.Replacer                   // inline emojis back to card text
	text  *inlineTexts                        // every card's inline emoji, made at publish
}

// inlineTexts are the cards' inline emojis ("<:name:id>") by card, made
// once when the set is complete instead of on every use ("" for a card
// without a face).
type inlineTexts struct {
	laro [laro.NumCards + 1]string
	laus [33]string
}

// New returns an empty set.
func New(log *slog.Logger) *Set {
	if log == nil {
		log = slog.Default()
	}
	return &Set{log: log, done: make(chan struct{})}
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
	faces, err := renderFaces()
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
		if _, _, ours := parseName(e.Name); (ours || oldName(e.Name)) && !wanted[e.Name] {
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
	text := &inlineTexts{}
	for c := range text.laro {
		if e, ok := ready[LaroKey(laro.Card(c))]; ok {
			text.laro[c] = inline(e)
		}
	}
	for c := range text.laus {
		if e, ok := ready[LausKey(laus.Card(c))]; ok {
			text.laus[c] = inline(e)
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ready, s.plain, s.text = ready, strings.NewReplacer(pairs...), text
}

// texts returns the inline emojis of a complete set, or nil.
func (s *Set) texts() *inlineTexts {
	if s == nil {
		return nil
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.text
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
	if s.ready == nil {
		return nil
	}
	// The maps are never written after publish, so sharing them is safe.
	return &Set{log: s.log, done: s.done, ready: s.ready, plain: s.plain, text: s.text}
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

// Laro returns the emoji of a Laro card for a button.
func (s *Set) Laro(c laro.Card) (discordgo.ComponentEmoji, bool) { return s.lookup(LaroKey(c)) }

// Laus returns the emoji of a Laus card for a button.
func (s *Set) Laus(c laus.Card) (discordgo.ComponentEmoji, bool) { return s.lookup(LausKey(c)) }

// LaroText shows a Laro card in message text: its emoji inline
// ("<:circle_plus_4_1a2b3c4d:123>") or, without one, its symbol ("●+4").
func (s *Set) LaroText(c laro.Card) string {
	if t := s.texts(); t != nil && int(c) < len(t.laro) && t.laro[c] != "" {
		return t.laro[c]
	}
	return c.Symbol()
}

// LausText shows a Laus card in message text: its emoji inline or "J♣".
func (s *Set) LausText(c laus.Card) string {
	if t := s.texts(); t != nil && int(c) < len(t.laus) && t.laus[c] != "" {
		return t.laus[c]
	}
	return c.Symbol()
}

func inline(e discordgo.ComponentEmoji) string { return "<:" + e.Name + ":" + e.ID + ">" }

// Discord's limits on an embed's text. An emoji takes ~40 characters, so a
// crowded table can overflow a field that fits easily as text.
const (
	maxField       = 1024
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
	if utf8.RuneCountInString(e.Description) > maxDescription {
		e.Description = plain.Replace(e.Description)
	}
	for _, f := range e.Fields {
		if f != nil && utf8.RuneCountInString(f.Value) > maxField {
			f.Value = plain.Replace(f.Value)
		}
	}
}

// Fixed returns a complete set whose emojis are given, not synced: for
// rendering tests that need stable emoji IDs. Each face gets the ID
// "1000000000000000000" plus its position and its key as its name.
func Fixed() *Set {
	s := New(nil)
	close(s.done)
	ready, texts := map[string]discordgo.ComponentEmoji{}, map[string]string{}
	add := func(key, text string) {
		ready[key] = discordgo.ComponentEmoji{Name: key, ID: fmt.Sprint(1000000000000000001 + len(ready))}
		texts[key] = text
	}
	for _, c := range laro.Deck()[:61] {
		add(LaroKey(c), c.Symbol())
	}
	for c := laus.Card(1); c <= 32; c++ {
		add(LausKey(c), c.Symbol())
	}
	s.publish(ready, texts)
	return s
}
