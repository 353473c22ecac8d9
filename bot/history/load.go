package history

import (
	"context"
	"errors"
	"strings"

	"github.com/cardbot/cardbot/bot/catalog"
	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// A Kind is one game as this package needs it: its catalog entry (its
// commands, its title, what one play of it is called, its colour).
type Kind = catalog.Entry

// idLen is the length of a game ID: 16 hexadecimal digits (store.CreateGame).
const idLen = 16

// ParseID reads a game ID as a player may type or paste it: "#" in front,
// capitals and spaces around are forgiven. ok is false for anything that
// cannot be an ID.
func ParseID(raw string) (id string, ok bool) {
	id = strings.ToLower(strings.TrimPrefix(strings.TrimSpace(raw), "#"))
	if len(id) != idLen {
		return "", false
	}
	for _, r := range id {
		if !strings.ContainsRune("0123456789abcdef", r) {
			return "", false
		}
	}
	return id, true
}

// Load fetches the game id for a replay asked for in guild, with its log,
// or the one ephemeral line that says why it may not be replayed: a
// malformed ID, an unknown one, another server's game, another game's (named
// as games has it), or a game still running (whose hidden cards must not
// leak), in l (the asker's language).
func Load(ctx context.Context, st *store.Store, games *catalog.Catalog, k Kind, l lang.Lang, guild, raw string) (store.Game, []store.ActionRecord, *ui.Reply) {
	noun := Noun(l, k)
	id, ok := ParseID(raw)
	if !ok {
		return store.Game{}, nil, ui.EphemeralText(l.T("history.bad_id", "Raw", clip(raw), "Noun", noun, "Cmd", ui.Cmd(l, k.Command()+" history")))
	}
	g, recs, err := st.LoadGame(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return store.Game{}, nil, ui.EphemeralText(l.T("history.no_such", "Game", k.Title, "Noun", noun, "ID", id, "Cmd", ui.Cmd(l, k.Command()+" history")))
	}
	if err != nil {
		return store.Game{}, nil, ui.EphemeralText(ui.SomethingWrong(l))
	}
	switch {
	case g.Guild != guild:
		return store.Game{}, nil, ui.EphemeralText(l.T("history.other_server", "Noun", title(noun), "ID", id))
	case g.Kind != k.Kind:
		other, ok := games.Lookup(g.Kind)
		if !ok {
			// A game this bot no longer runs: there is no command to point to.
			return store.Game{}, nil, ui.EphemeralText(l.T("history.not_kind", "ID", id, "Game", k.Title, "Noun", noun))
		}
		return store.Game{}, nil, ui.EphemeralText(l.T("history.not_kind_hint", "ID", id, "Game", k.Title, "Noun", noun, "Hint", other.ReplayHintIn(l, id)))
	case !g.Status.Closed():
		return store.Game{}, nil, ui.EphemeralText(l.T("history.running", "Noun", title(noun), "ID", id))
	case len(recs) == 0:
		return store.Game{}, nil, ui.EphemeralText(l.T("history.cancelled", "Noun", title(noun), "ID", id))
	}
	return g, recs, nil
}

// Noun is what one play of k is called in l ("game", "Partie").
func Noun(l lang.Lang, k Kind) string {
	if id := "history.noun." + k.Noun; l.Has(id) {
		return l.T(id)
	}
	return k.Noun
}

// nouns is several plays of k in l ("games", "Partien").
func nouns(l lang.Lang, k Kind) string {
	if id := "history.nouns." + k.Noun; l.Has(id) {
		return l.T(id)
	}
	return k.Noun + "s"
}

// clip keeps an echoed option short and free of backticks.
func clip(s string) string {
	s = strings.ReplaceAll(s, "`", "'")
	if r := []rune(s); len(r) > 32 {
		return string(r[:32]) + "…"
	}
	return s
}

func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
