package history

import (
	"math"
	"strings"
	"testing"

	"github.com/cardbot/cardbot/bot/ui"
)

// TestHistoryRoutesFitDiscord checks the longest replay control and page
// button (the longest key the wire takes, the largest number) fit
// Discord's 100 characters and read back as themselves, and that a
// custom_id drawn before typed routes reads as the same route.
func TestHistoryRoutesFitDiscord(t *testing.T) {
	key := strings.Repeat("9", 32)
	parse := func(id string) ui.ComponentID {
		t.Helper()
		if len(id) > ui.MaxComponentIDLen {
			t.Errorf("%q has %d characters; Discord allows %d", id, len(id), ui.MaxComponentIDLen)
		}
		c, err := ui.ParseComponentID(id, "laro", "laus")
		if err != nil {
			t.Fatalf("%q does not parse: %v", id, err)
		}
		return c
	}
	for _, ctl := range []string{"first", "prev", "next", "last", ControlJump} {
		r := ReplayControl{Game: "laus", GameID: key, Step: math.MaxInt, Control: ctl}
		if got := ParseReplayControl(parse(r.ID())); got != r {
			t.Errorf("%q reads as %+v", r.ID(), got)
		}
	}
	p := PageButton{Game: "laus", Player: key, Page: math.MaxInt, Dir: "next"}
	if got := ParsePageButton(parse(p.ID())); got != p {
		t.Errorf("%q reads as %+v", p.ID(), got)
	}
	old := "v1/laro/123456789012345678/2/history/prev"
	if got := ParsePageButton(parse(old)); got != (PageButton{Game: "laro", Player: "123456789012345678", Page: 2, Dir: "prev"}) || got.ID() != old {
		t.Errorf("%q reads as %+v, drawn again as %q", old, got, got.ID())
	}
}
