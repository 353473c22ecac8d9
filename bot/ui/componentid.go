package ui

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A ComponentID is the decoded custom_id of a button or select menu.
//
// Every component the bot shows carries a small versioned path,
// "v1/<game>/<table>/<turn>/<verb>[/<arg>]". The turn stamp makes stale
// buttons harmless: a click from an older turn or game is refused with an
// explanation instead of acting on a state the player never saw.
type ComponentID struct {
	Game  string // the game's name: "laro", "laus"
	Table string // the table's ID, base 36
	Turn  int    // the state version the component was drawn for
	Verb  string // what the click does: "join", "draw", "discard", ...
	Arg   string // the verb's argument, if any (a card, a seat)
}

// componentIDVersion is the first path element; bump it if the layout changes
// so that buttons drawn by an older build are recognised and refused clearly.
const componentIDVersion = "v1"

// maxComponentIDLen is Discord's limit on a custom_id.
const maxComponentIDLen = 100

// ErrBadComponentID means a custom_id was not made by this version of the bot.
var ErrBadComponentID = errors.New("ui: unknown or malformed button")

// String encodes the ID as a custom_id.
func (c ComponentID) String() string {
	s := fmt.Sprintf("%s/%s/%s/%d/%s", componentIDVersion, c.Game, c.Table, c.Turn, c.Verb)
	if c.Arg != "" {
		s += "/" + c.Arg
	}
	return s
}

// ParseComponentID decodes a custom_id, rejecting anything this bot would not
// have produced: the text comes from the client and may be forged. games
// are the game names the bot runs; a custom_id of any other is refused.
func ParseComponentID(s string, games ...string) (ComponentID, error) {
	if len(s) > maxComponentIDLen {
		return ComponentID{}, fmt.Errorf("%w: too long", ErrBadComponentID)
	}
	parts := strings.Split(s, "/")
	if len(parts) < 5 || len(parts) > 6 || parts[0] != componentIDVersion {
		return ComponentID{}, fmt.Errorf("%w: %q", ErrBadComponentID, s)
	}
	c := ComponentID{Game: parts[1], Table: parts[2], Verb: parts[4]}
	if !slices.Contains(games, c.Game) {
		return ComponentID{}, fmt.Errorf("%w: unknown game %q", ErrBadComponentID, c.Game)
	}
	if !isWord(c.Table, "0123456789abcdefghijklmnopqrstuvwxyz") || !isWord(c.Verb, "abcdefghijklmnopqrstuvwxyz") {
		return ComponentID{}, fmt.Errorf("%w: %q", ErrBadComponentID, s)
	}
	turn, err := strconv.Atoi(parts[3])
	if err != nil || turn < 0 || strconv.Itoa(turn) != parts[3] {
		return ComponentID{}, fmt.Errorf("%w: bad turn in %q", ErrBadComponentID, s)
	}
	c.Turn = turn
	if len(parts) == 6 {
		if parts[5] == "" {
			return ComponentID{}, fmt.Errorf("%w: empty argument", ErrBadComponentID)
		}
		c.Arg = parts[5]
	}
	return c, nil
}

// isWord reports whether s is 1 to 32 characters, all from alphabet.
func isWord(s, alphabet string) bool {
	if s == "" || len(s) > 32 {
		return false
	}
	for _, r := range s {
		if !strings.ContainsRune(alphabet, r) {
			return false
		}
	}
	return true
}
