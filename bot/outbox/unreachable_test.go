package outbox

import (
	"io"
	"log/slog"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/restpace"
	"github.com/cardbot/cardbot/bot/ui"
)

func restErr(status, code int) error {
	return &discordgo.RESTError{Response: &http.Response{StatusCode: status}, Message: &discordgo.APIErrorMessage{Code: code}}
}

// reachBox is an outbox whose home is channel "home" and whose place is
// channel at, with what it reports recorded.
type reachBox struct {
	*Outbox
	lost []string
	shut []ThreadShut
}

func newReachBox(at string, grace time.Duration) *reachBox {
	var sends sync.WaitGroup
	o := New(nil, slog.New(slog.NewTextHandler(io.Discard, nil)), at, "m1", time.Second, restpace.New(50, nil), &sends, nil)
	b := &reachBox{Outbox: o}
	o.reach.home, o.reach.grace = "home", grace
	o.reach.onLost = func(why string) { b.lost = append(b.lost, why) }
	o.reach.onThreadShut = func(_ string, why ThreadShut) { b.shut = append(b.shut, why) }
	return b
}

// TestRefusalsThatAreNotThePlace: a refusal of one message, or a passing
// error, never ends a table.
func TestRefusalsThatAreNotThePlace(t *testing.T) {
	for _, err := range []error{
		restErr(403, discordgo.ErrCodeCannotEditFromAnotherUser), // 50005: someone else's message
		restErr(404, discordgo.ErrCodeUnknownMessage),            // a deleted message: posted again
		restErr(400, discordgo.ErrCodePerformedOperationOnArchivedThread),
		restErr(500, 0),
	} {
		b := newReachBox("home", 0)
		if got := b.refusedPlace("home", err); got != refusalPassing || len(b.lost) != 0 || len(b.shut) != 0 {
			t.Errorf("%v in the channel: %v, lost %v, shut %v; want a passing refusal", err, got, b.lost, b.shut)
		}
	}
}

func TestADeletedChannelIsLostAtOnce(t *testing.T) {
	b := newReachBox("home", time.Hour)
	b.SetPublic(ui.Rendering{Content: "table"}, false)
	b.Announce(ui.Rendering{Content: "summary"}, nil)
	if got := b.refusedPlace("home", restErr(404, discordgo.ErrCodeUnknownChannel)); got != refusalFinal {
		t.Fatalf("Unknown Channel: %v, want final", got)
	}
	b.Lose("again") // a gateway event after the refusal
	if len(b.lost) != 1 || lang.English.T(b.lost[0]) != "its channel was deleted" {
		t.Errorf("told %v, want once that the channel was deleted", b.lost)
	}
	// Nothing queued is left, and nothing queued later is taken.
	b.SetPublic(ui.Rendering{Content: "later"}, true)
	b.Announce(ui.Rendering{Content: "later"}, nil)
	b.Hurry()
	if _, _, ok := b.due(time.Now(), true); ok {
		t.Error("a lost outbox still has work to send")
	}
	if more, _ := b.sendOne(); more {
		t.Error("a lost outbox reports more work")
	}
}

func TestAChannelThatRefusesIsLostAfterTheGrace(t *testing.T) {
	const grace = time.Minute
	b := newReachBox("home", grace)
	missing := restErr(403, discordgo.ErrCodeMissingPermissions)
	if got := b.refusedPlace("home", missing); got != refusalPassing {
		t.Fatalf("the first refusal: %v, want passing", got)
	}
	// A call that goes through starts the clock again.
	b.reached("home")
	b.refusedPlace("home", restErr(403, discordgo.ErrCodeMissingAccess))
	since := b.reach.refusedSince
	if time.Since(since) > time.Second {
		t.Fatalf("the refusal clock started at %v", since)
	}
	// Refusals for a place the table has left do not count.
	b.MoveTo("thread", "")
	if got := b.refusedPlace("home", missing); got != refusalPassing || !b.reach.refusedSince.IsZero() {
		t.Errorf("a refusal of the old place after a move: %v, clock %v", got, b.reach.refusedSince)
	}
	b.MoveTo("home", "m1")
	b.refusedPlace("home", missing)
	b.mu.Lock()
	b.reach.refusedSince = time.Now().Add(-grace) // the grace has passed
	b.mu.Unlock()
	if got := b.refusedPlace("home", missing); got != refusalFinal || len(b.lost) != 1 {
		t.Errorf("a refusal after the grace: %v, lost %v; want final", got, b.lost)
	}
}

func TestAShutThreadIsTheTablesToSeeTo(t *testing.T) {
	for code, want := range map[int]ThreadShut{
		discordgo.ErrCodePerformedOperationOnArchivedThread: ThreadArchived,
		discordgo.ErrCodeThreadIsLocked:                     ThreadLocked,
		discordgo.ErrCodeUnknownChannel:                     ThreadDeleted,
	} {
		b := newReachBox("thread", 0)
		if got := b.refusedPlace("thread", restErr(400, code)); got != refusalThread || len(b.shut) != 1 || b.shut[0] != want || len(b.lost) != 0 {
			t.Errorf("code %d in a thread: %v, shut %v, lost %v; want the thread shut as %d", code, got, b.shut, b.lost, want)
		}
	}
}

// TestRelocateShowsTheTableInItsNewPlace: a game leaving its thread posts
// the note, then the table as last rendered, fresh, and announcements
// queued for the thread go to the channel too.
func TestRelocateShowsTheTableInItsNewPlace(t *testing.T) {
	b := newReachBox("thread", 0)
	b.SetPublic(ui.Rendering{Content: "turn 7"}, false)
	b.Announce(ui.Rendering{Content: "round 1"}, nil)
	b.mu.Lock()
	b.public = nil // the table message was sent
	b.mu.Unlock()
	b.Relocate("home", ui.Rendering{Content: "note"})
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.channelID != "home" || b.messageID != "" || b.public == nil || b.public.Content != "turn 7" || !b.newPublic {
		t.Errorf("after the move: channel %q message %q public %+v fresh %v", b.channelID, b.messageID, b.public, b.newPublic)
	}
	if len(b.announce) != 2 || b.announce[0].channel != "home" || b.announce[1].r.Content != "note" {
		t.Errorf("announcements after the move: %+v", b.announce)
	}
}
