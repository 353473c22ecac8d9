package table

import (
	"math"
	"strings"
	"testing"

	"github.com/cardbot/cardbot/bot/ui"
)

// TestTableRoutesFitDiscord checks the longest lobby and game button fit
// Discord's 100 characters and read back as themselves, and that a lobby
// button is told apart from a game's button with the same verb (Leave).
func TestTableRoutesFitDiscord(t *testing.T) {
	key := strings.Repeat("z", 32)
	parse := func(id string) ui.ComponentID {
		t.Helper()
		if len(id) > ui.MaxComponentIDLen {
			t.Errorf("%q has %d characters; Discord allows %d", id, len(id), ui.MaxComponentIDLen)
		}
		c, err := ui.ParseComponentID(id, "laro")
		if err != nil {
			t.Fatalf("%q does not parse: %v", id, err)
		}
		return c
	}
	for _, v := range []ui.Verb{VerbJoin, VerbLeave, VerbComputer, VerbStart, VerbCancel} {
		b := LobbyButton{Game: "laro", Table: key, Verb: v}
		if got, ok := ParseLobbyButton(parse(b.ID())); !ok || got != b {
			t.Errorf("%q reads as %+v (%v)", b.ID(), got, ok)
		}
	}
	for _, v := range []ui.Verb{VerbAgain, VerbStartNow, VerbLeave, VerbHand, VerbBack} {
		b := GameButton{Game: "laro", Table: key, Verb: v, GameNo: math.MaxInt, Round: math.MaxInt}
		if got := ParseGameButton(parse(b.ID())); got != b {
			t.Errorf("%q reads as %+v", b.ID(), got)
		}
	}
	leave := parse("v1/laro/k3x9a0/4/leave") // Leave table under game 4, as drawn before typed routes
	if _, ok := ParseLobbyButton(leave); ok {
		t.Error("a finished game's Leave table reads as the lobby's Leave")
	}
	if got := ParseGameButton(leave); got != (GameButton{Game: "laro", Table: "k3x9a0", Verb: VerbLeave, GameNo: 4}) {
		t.Errorf("an old Leave table reads as %+v", got)
	}
}
