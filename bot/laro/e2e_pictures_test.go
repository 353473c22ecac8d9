package laro_test

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/internal/e2e"
)

// TestLaroPictures plays a game to the end and checks what people see:
// the final table message carries a picture of every hand, which later
// edits of that message keep without uploading it again, and which a
// restart does not lose; /laro stats then answers with a chart of chips.
func TestLaroPictures(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	alice, bob := w.Player("alice"), w.Player("bob")
	players := []*e2e.Player{alice, bob}
	table := e2e.OpenTable(t, w, alice, []*e2e.Player{bob}, e2e.QuickOpts(1)...)
	if files := w.Srv.Attachments(table.ID); len(files) != 0 {
		t.Fatalf("the table message of a running game has %d attachments, want none", len(files))
	}
	e2e.PlayToEnd(t, w, players)
	final := w.TableMessage("[Play again]")
	pic, img := w.Picture(final, 700, 200)
	if !strings.HasPrefix(pic.Filename, "laro-end-") {
		t.Errorf("picture %q, want laro-end-….png", pic.Filename)
	}
	if b := img.Bounds(); b.Dy() > 300 {
		t.Errorf("a two-seat end picture is %v tall, want one row per seat", b)
	}
	uploads := w.Srv.Uploads()

	// Both leave: the table closes and its message is edited again, with
	// the same picture, which is not sent a second time.
	bob.Click(w.Ch.Message(final.ID), e2e.Button(final, "leave", ""))
	alice.Click(w.Ch.Message(final.ID), e2e.Button(final, "leave", ""))
	if _, err := w.Ch.Wait(e2e.Patience, func(ms []*discordgo.Message) bool {
		for _, m := range ms {
			if m.ID == final.ID && m.EditedTimestamp != nil && len(m.Components) == 0 {
				return true
			}
		}
		return false
	}); err != nil {
		t.Fatalf("the final message never lost its buttons after everyone left:\n%s", e2e.Text(w.Ch.Message(final.ID)))
	}
	if got := w.Srv.Uploads(); got != uploads {
		t.Errorf("%d more uploads after editing the final message, want none", got-uploads)
	}
	w.Picture(w.Ch.Message(final.ID), 700, 200)

	w.Restart()
	again, _ := w.Picture(w.Ch.Message(final.ID), 700, 200)
	if again.Filename != pic.Filename {
		t.Errorf("after a restart the final message shows %s, want %s", again.Filename, pic.Filename)
	}

	r, err := alice.U.Slash(w.Ch, "laro stats")
	stats := e2e.Shown(t, r, e2e.Answer(t, r, err))
	chart, _ := w.Picture(stats, 500, 250)
	if !strings.HasPrefix(chart.Filename, "chips-") {
		t.Errorf("/laro stats attached %q, want a chips chart", chart.Filename)
	}
	if !strings.Contains(e2e.Text(stats), "Chips over time") {
		t.Errorf("/laro stats does not put the chart in words:\n%s", e2e.Text(stats))
	}
	w.NoFailures()
}

// TestLaroEndWithoutAttachFiles: in a channel where the bot may not attach
// files, the final table message still comes, in words only.
func TestLaroEndWithoutAttachFiles(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	w.Ch.SetBotPermissions(discordtest.DefaultBotPermissions &^ discordgo.PermissionAttachFiles)
	alice, bob := w.Player("alice"), w.Player("bob")
	// On the channel endpoint, whose permissions this is about.
	e2e.OpenTableOnChannel(t, w, alice, []*e2e.Player{bob}, e2e.QuickOpts(1)...)
	e2e.PlayToEnd(t, w, []*e2e.Player{alice, bob})
	final := w.TableMessage("[Play again]")
	if files := w.Srv.Attachments(final.ID); len(files) != 0 || final.Embeds[0].Image != nil {
		t.Errorf("final message has %d files and image %+v without Attach Files, want none", len(files), final.Embeds[0].Image)
	}
	if txt := e2e.Text(final); !strings.Contains(txt, "wins") && !strings.Contains(txt, "no winner") {
		t.Errorf("the final message does not say how the game ended:\n%s", txt)
	}
}
