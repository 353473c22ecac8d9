package laus_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/internal/e2e"
	"github.com/cardbot/cardbot/store"
)

// summaries returns the channel's messages that show a round's summary
// (the summary message, while that round is its latest), and that
// summary's text.
func summaries(w *e2e.World, matchNo, round int) (ms []*discordgo.Message, texts []string) {
	for _, m := range w.Ch.Messages() {
		for _, e := range m.Embeds {
			if strings.HasSuffix(e.Title, fmt.Sprintf("· match %d · round %d result", matchNo, round)) {
				ms = append(ms, m)
				texts = append(texts, e2e.Text(&discordgo.Message{Embeds: []*discordgo.MessageEmbed{e}}))
			}
		}
	}
	return ms, texts
}

// hasSummary reports whether the channel shows round's summary of match 1.
func hasSummary(w *e2e.World, round int) bool {
	ms, _ := summaries(w, 1, round)
	return len(ms) > 0
}

// waitSummary waits until the channel shows round's summary of match 1
// with its picture: the last edit of the summary message comes after the
// table message's (see outbox.Outbox.EditKept), and a summary posted after
// a restart gets its picture with the edit that follows.
func waitSummary(t *testing.T, w *e2e.World, round int) {
	t.Helper()
	title := fmt.Sprintf("· match 1 · round %d result", round)
	_, err := w.Ch.Wait(e2e.Patience, func(ms []*discordgo.Message) bool {
		for _, m := range ms {
			if len(m.Embeds) > 0 && strings.HasSuffix(m.Embeds[0].Title, title) && len(m.Attachments) > 0 {
				return true
			}
		}
		return false
	})
	if err != nil {
		t.Fatalf("the channel never showed round %d's summary with its picture", round)
	}
}

// checkSummary checks that the channel shows exactly one summary of a
// round, with its picture, and that it gives the stored breakdown of every
// seat.
func checkSummary(t *testing.T, w *e2e.World, rd store.LausRound) *discordgo.Message {
	t.Helper()
	waitSummary(t, w, rd.Round)
	got, texts := summaries(w, 1, rd.Round)
	if len(got) != 1 {
		t.Fatalf("the channel shows %d summaries of round %d, want exactly 1", len(got), rd.Round)
	}
	sum := texts[0]
	// The picture too, also when the summary was drawn after a restart.
	w.Picture(got[0], 600, 200)
	posted := roundScore.FindAllStringSubmatch(sum, -1)
	if len(posted) != len(rd.Scores) {
		t.Fatalf("round %d summary lists %d scores, want %d:\n%s", rd.Round, len(posted), len(rd.Scores), sum)
	}
	for i, sc := range rd.Scores {
		if want := []string{fmt.Sprint(sc.Score), fmt.Sprint(sc.Total)}; posted[i][1] != want[0] || posted[i][2] != want[1] {
			t.Errorf("round %d summary gives seat %d round %s total %s, want %s and %s", rd.Round, i, posted[i][1], posted[i][2], want[0], want[1])
		}
		if !strings.Contains(sum, fmt.Sprintf("%d pts", sc.CardPoints)) {
			t.Errorf("round %d summary does not show seat %d's %d card points:\n%s", rd.Round, i, sc.CardPoints, sum)
		}
	}
	return got[0]
}

// A restart between two rounds: the rebuilt table finds the summary
// message it posted (its ID is stored with the announcement that posted
// it) and edits it with the next round, rather than posting another.
func TestLausSummaryMessageIsEditedAfterARestart(t *testing.T) {
	w := e2e.NewWorld(t)
	alice := w.Player("alice")
	lausSoloTable(t, w, alice, 100000, 600)
	alice.OpenHand(w.TableMessage("match 1 · round 1"))
	hand := lausLastCard(t, w, alice)
	alice.Click(hand, e2e.Button(hand, "play", "*"))
	f := waitRound(t, w, 1)
	first := checkSummary(t, w, f.Board.Rounds[0])

	w.Restart()
	alice.OpenHand(w.TableMessage("restarted"))
	hand = lausLastCard(t, w, alice)
	alice.Click(hand, e2e.Button(hand, "play", "*"))
	f = waitRound(t, w, 2)
	second := checkSummary(t, w, f.Board.Rounds[1])
	if second.ID != first.ID {
		t.Errorf("round 2's summary is in a new message %s, want the summary message %s edited", second.ID, first.ID)
	}
	posted := map[string]bool{}
	for _, m := range w.Ch.History() {
		if len(m.Embeds) > 0 && strings.HasSuffix(m.Embeds[0].Title, "result") {
			posted[m.ID] = true
		}
	}
	if len(posted) != 1 {
		t.Errorf("%d messages showed a round's summary, want the one summary message", len(posted))
	}
	w.NoFailures()
}

// Someone deletes the summary message: the edit of the next round's end
// finds it gone, and the table's next move posts that round's summary in a
// fresh message, stored as the match's summary message from then on.
func TestLausDeletedSummaryMessageIsPostedAgain(t *testing.T) {
	w := e2e.NewWorld(t)
	alice := w.Player("alice")
	lausSoloTable(t, w, alice, 100000, 600)
	alice.OpenHand(w.TableMessage("match 1 · round 1"))
	hand := lausLastCard(t, w, alice)
	alice.Click(hand, e2e.Button(hand, "play", "*"))
	f := waitRound(t, w, 1)
	first := checkSummary(t, w, f.Board.Rounds[0])
	if !w.Ch.DeleteMessage(first.ID) {
		t.Fatal("could not delete the summary message")
	}

	hand = lausLastCard(t, w, alice)
	alice.Click(hand, e2e.Button(hand, "play", "*"))
	f = waitRound(t, w, 2)
	// The summary comes with the first move stored after the edit found
	// the message gone: alice makes moves of round 3 until it is there
	// (the computers' moves count too).
	skat := 0
	for moves := 0; !hasSummary(w, 2); moves++ {
		if moves == 10 {
			t.Fatal("no summary of round 2 after 10 more moves")
		}
		_, hand := e2e.LausMover(t, w, []*e2e.Player{alice})
		e2e.LausMove(t, alice, hand, &skat)
	}
	again := checkSummary(t, w, f.Board.Rounds[1])
	if again.ID == first.ID {
		t.Fatal("round 2's summary is in the deleted message")
	}
	if anns := waitAnnounced(t, w, f.Board.Game.ID, 2); anns[1].MessageID != again.ID {
		t.Errorf("the second stored summary was posted as %s, want the fresh message %s", anns[1].MessageID, again.ID)
	}
	w.NoFailures()
}

// waitAnnounced waits until game has n stored announcements, all marked
// posted (the mark is stored once Discord has accepted the post), and
// returns them.
func waitAnnounced(t *testing.T, w *e2e.World, game string, n int) []store.Announcement {
	t.Helper()
	for deadline := time.Now().Add(e2e.Patience); ; time.Sleep(5 * time.Millisecond) {
		anns, err := w.St.Announcements(t.Context(), game)
		if err != nil {
			t.Fatal(err)
		}
		if len(anns) == n && !slices.ContainsFunc(anns, func(a store.Announcement) bool { return !a.Posted() }) {
			return anns
		}
		if time.Now().After(deadline) {
			t.Fatalf("stored announcements %d, posted or not: %+v; want %d, all posted", len(anns), anns, n)
		}
	}
}
