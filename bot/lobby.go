package bot

import (
	"fmt"
	"slices"
	"strings"
)

// A seat at a table: a member of the server or a computer player.
type seat struct {
	UserID   string `json:"user,omitempty"` // empty for a computer seat
	Name     string `json:"name"`
	Computer bool   `json:"computer,omitempty"`
}

// mention is how a seat is named in messages: a ping for people, who then
// get a notification, and the plain name for computers.
func (s seat) mention() string {
	if s.Computer {
		return "🤖 " + s.Name
	}
	return "<@" + s.UserID + ">"
}

// computerNames name computer seats in the order they are added.
var computerNames = []string{"Ada", "Bo", "Cy", "Di", "Ez", "Flo"}

// seatOf returns the index of userID's seat, or -1.
func seatOf(seats []seat, userID string) int {
	return slices.IndexFunc(seats, func(s seat) bool { return !s.Computer && s.UserID == userID })
}

// nextComputerName picks a computer name not yet at the table.
func nextComputerName(seats []seat) string {
	for _, n := range computerNames {
		if !slices.ContainsFunc(seats, func(s seat) bool { return s.Computer && s.Name == n }) {
			return n
		}
	}
	return fmt.Sprintf("Bot %d", len(seats)+1)
}

// firstHuman returns the first seated person, who becomes host when the
// host leaves; false when only computers are left.
func firstHuman(seats []seat) (string, bool) {
	for _, s := range seats {
		if !s.Computer {
			return s.UserID, true
		}
	}
	return "", false
}

// hasComputer reports whether any seat is a computer player.
func hasComputer(seats []seat) bool {
	return slices.ContainsFunc(seats, func(s seat) bool { return s.Computer })
}

// seatList renders the seats for a lobby or table message.
func seatList(seats []seat, max int) string {
	var b strings.Builder
	for i, s := range seats {
		fmt.Fprintf(&b, "%d. %s\n", i+1, s.mention())
	}
	for i := len(seats); i < max; i++ {
		fmt.Fprintf(&b, "%d. *(empty)*\n", i+1)
	}
	return b.String()
}
