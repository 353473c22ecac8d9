package store

import (
	"encoding/json"
	"fmt"
	"time"
)

// Kind is the card game a game row plays: its stored name, which is also its
// slash command and its name in custom_ids ("laro"). The store knows no list of
// games: any well-formed name is stored (ValidKind), and the bot's game registry
// (bot/games) decides which names are games.
type Kind string

// The kinds of cardbot's own games. A game of another kind needs no constant here.
const (
	KindNone Kind = ""
	KindLaro Kind = "laro"
	KindLaus Kind = "laus"
)

// maxKindLen keeps a kind short enough for a custom_id's game field and a slash
// command's name (at most 32 characters on Discord).
const maxKindLen = 16

// ValidKind reports whether k can name a game: 1 to 16 lowercase ASCII letters
// and digits, starting with a letter, as a slash command name must be.
func ValidKind(k Kind) bool {
	if len(k) == 0 || len(k) > maxKindLen || k[0] < 'a' || k[0] > 'z' {
		return false
	}
	for i := 0; i < len(k); i++ {
		if c := k[i]; (c < 'a' || c > 'z') && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// String returns the kind's stored name, e.g. "laro".
func (k Kind) String() string { return string(k) }

// Status is where a game is in its life.
type Status uint8

// Statuses. Lobby and playing games are live and are rebuilt after a restart; finished
// and cancelled games are closed and take no more actions (a finished game's table is
// still rebuilt, without its game moving, until its after-game deadline: see
// RecentlyFinishedGames).
const (
	StatusNone Status = iota
	StatusLobby
	StatusPlaying
	StatusFinished
	StatusCancelled
)

var statusNames = [...]string{
	StatusNone: "none", StatusLobby: "lobby", StatusPlaying: "playing",
	StatusFinished: "finished", StatusCancelled: "cancelled",
}

// String returns the status's stored name.
func (st Status) String() string {
	if int(st) < len(statusNames) {
		return statusNames[st]
	}
	return fmt.Sprintf("Status(%d)", st)
}

// Closed reports whether the game is finished or cancelled.
func (st Status) Closed() bool { return st == StatusFinished || st == StatusCancelled }

func parseEnum[T ~uint8](names []string, s string) (T, error) {
	for i, n := range names {
		if i > 0 && n == s {
			return T(i), nil
		}
	}
	return 0, fmt.Errorf("store: unknown stored value %q", s)
}

// Seat is one seat at a game, in seat order.
type Seat struct {
	// User is the Discord user ID; empty for a computer seat.
	User string `json:"user,omitempty"`
	// Name is the person's display name when they sat down, so a table
	// rebuilt after a restart names them without asking Discord; empty for
	// computer seats (they are named by position) and for seats stored
	// before names were kept.
	Name string `json:"name,omitempty"`
	// Computer marks a seat played by the bot.
	Computer bool `json:"computer,omitempty"`
	// Left marks a person who left the table after its game had ended: the seat stays in
	// the game's record, but a table rebuilt in its after-game state no longer seats them.
	Left bool `json:"left,omitempty"`
	// Ready marks, on a finished game's seats, a person who has said they are in for
	// the table's next game (its ready check).
	Ready bool `json:"ready,omitempty"`
}

// Deadline is a stored timer: when it fires and what it is for (e.g. "turn",
// "claim"), so the table can re-arm it after a restart. The zero Deadline means none.
type Deadline struct {
	At   time.Time
	Kind string
}

// Game is one game of Laro or one match of Laus, with everything needed to rebuild it
// by replaying its actions.
type Game struct {
	// ID identifies the game; CreateGame makes one if it is empty.
	ID string
	// TableID groups successive games played at one table (same seats, new game).
	TableID   string
	Kind      Kind
	Guild     string
	Channel   string
	Host      string
	MessageID string
	// Settings is the game's configuration as JSON (stake, ante, target, ...).
	Settings json.RawMessage
	// Seed is the seed of the game's random source, so replays shuffle identically.
	Seed   []byte
	Seats  []Seat
	Status Status
	// LastSeq is the seq of the last appended action (0: none yet).
	LastSeq int64
	// Pot is the chips paid in (antes, stakes) and not yet paid out.
	Pot       int64
	Deadline  Deadline
	CreatedAt time.Time
	UpdatedAt time.Time
}

// GameUpdate changes some of a game's fields; nil fields are left alone.
type GameUpdate struct {
	MessageID *string
	Status    *Status
	// Deadline replaces the stored deadline; a pointer to the zero Deadline clears it.
	Deadline *Deadline
	Seats    []Seat
	Settings json.RawMessage
}

// ActionRecord is one action of a game's log, and what appending it changes.
type ActionRecord struct {
	GameID string
	// Seq numbers the game's actions 1, 2, 3, ...; an append must use LastSeq+1.
	Seq int64
	// Data is the encoded action (JSON or the engine's text form), stored as text.
	Data []byte
	// At is the snowflake time of the interaction that caused the action.
	At time.Time
	// CreatedAt is when it was stored (filled in by the Store; ignored on append).
	CreatedAt time.Time

	// Status, if not StatusNone, becomes the game's status in the same transaction.
	// Closing the game releases its escrow and needs an empty pot, as in UpdateGame.
	Status Status
	// Deadline, if not nil, replaces the game's deadline (the zero Deadline clears it).
	Deadline *Deadline
	// LausRound, if not nil, records a finished Laus round in the same transaction.
	LausRound *LausRound
	// Settle, if not nil, settles the game in the same transaction (see Settle).
	Settle *Settlement
	// Announce, if not nil, stores a channel message the action makes the bot post, in
	// the same transaction (see Announcement).
	Announce *Announcement
}
