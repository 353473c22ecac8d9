package table

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cardbot/cardbot/store"
)

// A Seat at a table: a member of the server or a computer player.
type Seat struct {
	UserID   string `json:"user,omitempty"` // empty for a computer seat
	Name     string `json:"name"`
	Computer bool   `json:"computer,omitempty"`
}

// Mention is how a seat is named in messages: a ping for people, who then
// get a notification, and the plain name for computers.
func (s Seat) Mention() string {
	if s.Computer {
		return "🤖 " + s.Name
	}
	return "<@" + s.UserID + ">"
}

// computerNames name computer seats in the order they are added.
var computerNames = []string{"Ada", "Bo", "Cy", "Di", "Ez", "Flo"}

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
	return fmt.Sprintf("Bot %d", len(seats)+1)
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

// SeatList renders the seats for a lobby or table message.
func SeatList(seats []Seat, max int) string {
	var b strings.Builder
	for i, s := range seats {
		fmt.Fprintf(&b, "%d. %s\n", i+1, s.Mention())
	}
	for i := len(seats); i < max; i++ {
		fmt.Fprintf(&b, "%d. *(empty)*\n", i+1)
	}
	return b.String()
}

// SeatNames lists the seats' mentions, comma separated.
func SeatNames(seats []Seat) string {
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = s.Mention()
	}
	return strings.Join(names, ", ")
}

// StoreSeats is how the store keeps seats.
func StoreSeats(seats []Seat) []store.Seat {
	out := make([]store.Seat, len(seats))
	for i, s := range seats {
		out[i] = store.Seat{User: s.UserID, Computer: s.Computer}
	}
	return out
}

// SeatsFromStore rebuilds seats after a restart. Names of people are not
// stored: tables mention people by ID, and Discord shows their names.
func SeatsFromStore(ss []store.Seat) []Seat {
	out := make([]Seat, 0, len(ss))
	for _, s := range ss {
		if s.Computer {
			out = append(out, Seat{Computer: true, Name: NextComputerName(out)})
		} else {
			out = append(out, Seat{UserID: s.User, Name: s.User})
		}
	}
	return out
}
