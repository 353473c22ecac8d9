package ui

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A Verb says what a click does: "join", "draw", "replay". Each route
// declares its verbs as constants beside it.
type Verb string

// A ComponentID is a custom_id as it travels: the wire form every route
// shares, "v1/<game>/<key>/<stamp>/<verb>[/<arg>]".
//
// Key, Stamp and Arg are slots, not meanings: a table's ID and its game
// number in one route, a player and a page in another. Only a route reads
// or fills them: buttons are built from a route's ID method and a click is
// read through the route's parse function, whose fields have one meaning
// each (see table.GameButton, history.ReplayControl and the others). The
// stamp makes stale buttons harmless: a click drawn for an older game or
// move is refused with an explanation instead of acting on a state the
// player never saw.
type ComponentID struct {
	Game  string // the game or command that owns the button: "laro", "chips"
	Key   string // the route's key: a table's ID, a game's ID, a player
	Stamp int    // the route's number: a game number, a move, a page
	Verb  Verb   // what the click does
	Arg   string // the route's argument, if any: a card, a direction
}

// componentIDVersion is the first path element; bump it if the layout changes
// so that buttons drawn by an older build are recognised and refused clearly.
const componentIDVersion = "v1"

// MaxComponentIDLen is Discord's limit on a custom_id: every route's
// longest ID is tested against it.
const MaxComponentIDLen = 100

// ErrBadComponentID means a custom_id was not made by this version of the bot.
var ErrBadComponentID = errors.New("ui: unknown or malformed button")

// String encodes the ID as a custom_id.
// Every button of every message drawn is encoded, so it is written into a
// builder sized once rather than through fmt.
func (c ComponentID) String() string {
	var stamp [20]byte
	digits := strconv.AppendInt(stamp[:0], int64(c.Stamp), 10)
	var b strings.Builder
	b.Grow(len(componentIDVersion) + len(c.Game) + len(c.Key) + len(digits) + len(c.Verb) + len(c.Arg) + 5)
	b.WriteString(componentIDVersion)
	b.WriteByte('/')
	b.WriteString(c.Game)
	b.WriteByte('/')
	b.WriteString(c.Key)
	b.WriteByte('/')
	b.Write(digits)
	b.WriteByte('/')
	b.WriteString(string(c.Verb))
	if c.Arg != "" {
		b.WriteByte('/')
		b.WriteString(c.Arg)
	}
	return b.String()
}

// ParseComponentID decodes a custom_id, rejecting anything this bot would not
// have produced: the text comes from the client and may be forged. games
// are the game names the bot runs; a custom_id of any other is refused.
func ParseComponentID(s string, games ...string) (ComponentID, error) {
	if len(s) > MaxComponentIDLen {
		return ComponentID{}, fmt.Errorf("%w: too long", ErrBadComponentID)
	}
	parts := strings.Split(s, "/")
	if len(parts) < 5 || len(parts) > 6 || parts[0] != componentIDVersion {
		return ComponentID{}, fmt.Errorf("%w: %q", ErrBadComponentID, s)
	}
	c := ComponentID{Game: parts[1], Key: parts[2], Verb: Verb(parts[4])}
	if !slices.Contains(games, c.Game) {
		return ComponentID{}, fmt.Errorf("%w: unknown game %q", ErrBadComponentID, c.Game)
	}
	if !isWord(c.Key, "0123456789abcdefghijklmnopqrstuvwxyz") || !isWord(string(c.Verb), "abcdefghijklmnopqrstuvwxyz") {
		return ComponentID{}, fmt.Errorf("%w: %q", ErrBadComponentID, s)
	}
	stamp, err := strconv.Atoi(parts[3])
	if err != nil || stamp < 0 || strconv.Itoa(stamp) != parts[3] {
		return ComponentID{}, fmt.Errorf("%w: bad stamp in %q", ErrBadComponentID, s)
	}
	c.Stamp = stamp
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
