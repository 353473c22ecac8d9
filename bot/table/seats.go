package table

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// A Seat at a table: a member of the server or a computer player.
type Seat struct {
	UserID   string `json:"user,omitempty"` // empty for a computer seat
	Name     string `json:"name"`
	Computer bool   `json:"computer,omitempty"`
}

// Label is how a seat is named in the bot's messages: a person's display
// name (escaped, so it shows as typed), or 🤖 and the name for a computer.
// It is never a mention: Discord's phones show a mention of a user they
// have not cached as a raw ID, and a mention in an embed notifies nobody
// anyway. Only a seat stored before names were kept, with no name, falls
// back to a mention, the one way left to say who sits there.
func (s Seat) Label() string {
	switch {
	case s.Computer:
		return "🤖 " + s.Name
	case s.Name == "":
		return "<@" + s.UserID + ">"
	}
	return ui.EscapeName(s.Name)
}

// computerNames name computer seats in the order they are added.
var computerNames = []string{"Ada", "Bo", "Cy", "Di", "Ez", "Flo"} // lang:keep — names, the same in every language

// SeatIndex returns the index of userID's seat, or -1.
func SeatIndex(seats []Seat, userID string) int {
	return slices.IndexFunc(seats, func(s Seat) bool { return !s.Computer && s.UserID == userID })
}

// NextComputerName picks a computer name not yet at the table.
func NextComputerName(seats []Seat) string {
	for _, n := range computerNames {
		if !slices.ContainsFunc(seats, func(s Seat) bool { return s.Computer && s.Name == n }) {
			return n
		}
	}
	return fmt.Sprintf("Bot %d", len(seats)+1) // lang:keep — a name, stored with the game's events
}

// FirstHuman returns the first seated person, who becomes host when the
// host leaves; false when only computers are left.
func FirstHuman(seats []Seat) (string, bool) {
	for _, s := range seats {
		if !s.Computer {
			return s.UserID, true
		}
	}
	return "", false
}

// HasComputer reports whether any seat is a computer player.
func HasComputer(seats []Seat) bool {
	return slices.ContainsFunc(seats, func(s Seat) bool { return s.Computer })
}

// SeatList renders the seats for a lobby or table message in l.
func SeatList(l lang.Lang, seats []Seat, max int) string {
	var b strings.Builder
	for i, s := range seats {
		fmt.Fprintf(&b, "%d. %s\n", i+1, s.Label())
	}
	for i := len(seats); i < max; i++ {
		fmt.Fprintf(&b, "%d. %s\n", i+1, l.T("table.empty_seat"))
	}
	return b.String()
}

// SeatNames lists the seats' labels, comma separated.
func SeatNames(seats []Seat) string {
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = s.Label()
	}
	return strings.Join(names, ", ")
}

// StoreSeats is how the store keeps seats.
func StoreSeats(seats []Seat) []store.Seat {
	out := make([]store.Seat, len(seats))
	for i, s := range seats {
		out[i] = store.Seat{User: s.UserID, Computer: s.Computer}
		if !s.Computer {
			out[i].Name = s.Name
		}
	}
	return out
}

// SeatsFromStore rebuilds seats after a restart: people keep the names
// they sat down with, computers get their names back by position.
func SeatsFromStore(ss []store.Seat) []Seat {
	out := make([]Seat, 0, len(ss))
	for _, s := range ss {
		if s.Computer {
			out = append(out, Seat{Computer: true, Name: NextComputerName(out)})
		} else {
			out = append(out, Seat{UserID: s.User, Name: s.Name})
		}
	}
	return out
}

// LabelOf returns the label of userID's seat, or a mention when they hold
// no seat here (the table knows no name for them).
func LabelOf(seats []Seat, userID string) string {
	if i := SeatIndex(seats, userID); i >= 0 {
		return seats[i].Label()
	}
	return "<@" + userID + ">"
}
