package outbox

import (
	"fmt"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/ui"
)

// A game's start posts its fresh table message and gives the lobby its last
// rendering (FinalEdit) after it. A game whose table message changes faster
// than the table's pace always has a change pending at the next tick: the
// lobby's last edit must still go then, not wait for the game to end, or the
// lobby keeps showing Join and Start for the whole game (seen in cmd/cardbot's
// shard test, where the next /laro new's test then clicked the old lobby).
func TestOutboxLobbysLastEditIsNotStarvedByABusyGame(t *testing.T) {
	const every = 50 * time.Millisecond
	o, srv, ch, lobby, _ := pacedOutbox(t, every)
	// Each call takes longer than the game takes to change its message again:
	// a change is pending whenever the outbox's last call returns.
	srv.SetLatency(4*every/10, 0)
	o.SetPublic(ui.Rendering{Content: "game: move 0"}, true)
	o.FinalEdit(ch.ID(), lobby, ui.Rendering{Content: "final: the game is below"})

	stop := make(chan struct{})
	moved := make(chan struct{})
	go func() {
		defer close(moved)
		tick := time.NewTicker(every / 10)
		defer tick.Stop()
		for n := 1; ; n++ {
			select {
			case <-stop:
				return
			case <-tick.C:
				o.SetPublic(ui.Rendering{Content: fmt.Sprintf("game: move %d", n)}, false)
			}
		}
	}()
	_, err := ch.Wait(5*time.Second, func(ms []*discordgo.Message) bool {
		for _, m := range ms {
			if m.ID == lobby && m.Content == "final: the game is below" {
				return true
			}
		}
		return false
	})
	close(stop)
	<-moved
	if err != nil {
		t.Fatalf("the lobby never got its last rendering while the game's table message kept changing: %v", err)
	}
	// The game's own message was posted first, as the lobby's last rendering says.
	for _, m := range ch.History() {
		if m.ID == lobby && m.Content == "final: the game is below" {
			t.Errorf("the lobby got its last rendering before the game's table message was posted")
		}
		if m.ID != lobby && m.Content == "game: move 0" {
			break
		}
	}
}
