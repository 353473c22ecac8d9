package history

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/cardbot/cardbot/bot/catalog"
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
// as games has it), or a game still running (whose hidden cards must not leak).
func Load(ctx context.Context, st *store.Store, games *catalog.Catalog, k Kind, guild, raw string) (store.Game, []store.ActionRecord, *ui.Reply) {
	id, ok := ParseID(raw)
	if !ok {
		return store.Game{}, nil, ui.EphemeralText(fmt.Sprintf(
			"`%s` is not a %s ID: an ID is 16 letters and digits, as shown by `/%s history` and on every finished table.",
			clip(raw), k.Noun, k.Command()))
	}
	g, recs, err := st.LoadGame(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return store.Game{}, nil, ui.EphemeralText(fmt.Sprintf(
			"There is no %s %s with ID `%s`. `/%s history` lists your finished ones.", k.Title, k.Noun, id, k.Command()))
	}
	if err != nil {
		return store.Game{}, nil, ui.EphemeralText(ui.MsgSomethingWrong)
	}
	switch {
	case g.Guild != guild:
		return store.Game{}, nil, ui.EphemeralText(fmt.Sprintf(
			"%s `%s` was played in another server: a replay opens only in the server where it was played.", title(k.Noun), id))
	case g.Kind != k.Kind:
		other, ok := games.Lookup(g.Kind)
		if !ok {
			// A game this bot no longer runs: there is no command to point to.
			return store.Game{}, nil, ui.EphemeralText(fmt.Sprintf("`%s` is not a %s %s.", id, k.Title, k.Noun))
		}
		return store.Game{}, nil, ui.EphemeralText(fmt.Sprintf(
			"`%s` is not a %s %s; open it with `%s`.", id, k.Title, k.Noun, other.ReplayHint(id)))
	case !g.Status.Closed():
		return store.Game{}, nil, ui.EphemeralText(fmt.Sprintf(
			"%s `%s` is still being played: its replay opens once it has finished, so that nobody sees a hidden card.", title(k.Noun), id))
	case len(recs) == 0:
		return store.Game{}, nil, ui.EphemeralText(fmt.Sprintf(
			"%s `%s` was cancelled before a card was dealt: there is nothing to replay.", title(k.Noun), id))
	}
	return g, recs, nil
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
