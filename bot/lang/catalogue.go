package lang

import (
	"embed"
	"fmt"
	"io/fs"
	"log/slog"
	"path"
	"sync"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
)

//go:embed locales
var locales embed.FS

// catalogue is the loaded message catalogue: one localizer per language,
// and each message's fillings, which fill it without a template (go-i18n
// fills only what they cannot).
type catalogue struct {
	localizers [len(languages)]*i18n.Localizer
	compiled   [len(languages)]map[string]*compiled
	ids        [len(languages)]map[string]bool
}

// languages sizes the catalogue's arrays: one slot per Lang.
var languages = [...]Lang{English, German}

var (
	loadOnce sync.Once
	loaded   *catalogue
)

// cat returns the catalogue, reading it on first use. The files are
// embedded and checked by this package's tests, so a failure here is a
// broken build: it panics rather than serve a bot without words.
func cat() *catalogue {
	loadOnce.Do(func() {
		c, err := load(locales)
		if err != nil {
			panic(fmt.Sprintf("lang: the message catalogue does not load: %v", err))
		}
		loaded = c
	})
	return loaded
}

// load reads every locales/<code>/*.toml of fsys into a bundle.
func load(fsys fs.FS) (*catalogue, error) {
	bundle := i18n.NewBundle(English.Tag())
	c := &catalogue{}
	for _, l := range languages {
		c.compiled[l] = map[string]*compiled{}
		c.ids[l] = map[string]bool{}
		dir := path.Join("locales", l.Code())
		files, err := fs.Glob(fsys, dir+"/*.toml")
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			buf, err := fs.ReadFile(fsys, f)
			if err != nil {
				return nil, err
			}
			msgs, err := bundle.ParseMessageBytes(l.Tag(), buf, tomlUnmarshal)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", f, err)
			}
			for _, m := range msgs {
				if c.ids[l][m.ID] {
					return nil, fmt.Errorf("%s: message %q is defined twice", f, m.ID)
				}
				c.ids[l][m.ID] = true
				if m.Few == "" && m.Many == "" && m.Two == "" && m.Zero == "" && m.LeftDelim == "" && m.RightDelim == "" {
					if mc, ok := compileMessage(m.Other, m.One); ok {
						c.compiled[l][m.ID] = mc
					}
				}
			}
		}
	}
	for _, l := range languages {
		c.localizers[l] = i18n.NewLocalizer(bundle, l.Code())
	}
	return c, nil
}

// compileMessage compiles a message's "other" and "one" texts; ok is false
// when either is more than plain fields.
func compileMessage(other, one string) (*compiled, bool) {
	m := &compiled{}
	var ok bool
	if m.other, ok = compileFilling(other); !ok {
		return nil, false
	}
	if one != "" {
		if m.one, ok = compileFilling(one); !ok {
			return nil, false
		}
	}
	return m, true
}

// compiledFor is message id's fillings in l, or in English when l has no
// such message (go-i18n's fallback); nil when the message is left to
// go-i18n.
func (c *catalogue) compiledFor(l Lang, id string) *compiled {
	if m, ok := c.compiled[l][id]; ok || c.ids[l][id] {
		return m
	}
	return c.compiled[English][id]
}

// T is the text of message id in l, filled from args given as name/value
// pairs: T("laro.turn", "Name", name). A message missing in l reads in
// English; a message missing everywhere reads as its ID (and is logged), so
// a slip shows as a strange word rather than a crash. The catalogue's tests
// keep both from happening.
func (l Lang) T(id string, args ...any) string {
	c := cat()
	if int(l) >= len(languages) {
		l = English
	}
	if m := c.compiledFor(l, id); m != nil {
		if s, ok := m.other.fill(args, nil); ok {
			return s
		}
	}
	return c.localize(l, &i18n.LocalizeConfig{MessageID: id, TemplateData: pairs(args)})
}

// N is the plural message id for count n in l, filled from args as T is;
// the template also sees n as {{.Count}}.
func (l Lang) N(id string, n int, args ...any) string {
	if int(l) >= len(languages) {
		l = English
	}
	c := cat()
	if m := c.compiledFor(l, id); m != nil {
		if s, ok := m.form(n).fill(args, &n); ok {
			return s
		}
	}
	data := pairs(args)
	data["Count"] = n
	return c.localize(l, &i18n.LocalizeConfig{MessageID: id, PluralCount: n, TemplateData: data})
}

func (c *catalogue) localize(l Lang, lc *i18n.LocalizeConfig) string {
	s, err := c.localizers[l].Localize(lc)
	if err != nil && s == "" {
		slog.Error("lang: no such message", "id", lc.MessageID, "lang", l.Code(), "err", err)
		return lc.MessageID
	}
	return s
}

// pairs turns name/value arguments into a template's data.
func pairs(args []any) map[string]any {
	data := make(map[string]any, len(args)/2+1)
	for i := 0; i+1 < len(args); i += 2 {
		if name, ok := args[i].(string); ok {
			data[name] = args[i+1]
		}
	}
	return data
}

// Has reports whether the catalogue has message id in l itself (without
// falling back to English).
func (l Lang) Has(id string) bool {
	return int(l) < len(languages) && cat().ids[l][id]
}

// IDs lists every message ID of l's catalogue.
func (l Lang) IDs() []string {
	var out []string
	for id := range cat().ids[l] {
		out = append(out, id)
	}
	return out
}

// tomlUnmarshal reads a catalogue file.
func tomlUnmarshal(data []byte, v any) error { return toml.Unmarshal(data, v) }
