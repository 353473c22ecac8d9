package e2e

import (
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
)

// MessageIn waits for the message of ch (a channel or a thread) whose text
// contains want, the newest first.
func (w *World) MessageIn(ch *discordtest.Channel, want string) *discordgo.Message {
	w.T.Helper()
	var found *discordgo.Message
	_, err := ch.Wait(Patience, func(ms []*discordgo.Message) bool {
		for i := len(ms) - 1; i >= 0; i-- {
			if strings.Contains(Text(ms[i]), want) {
				found = ms[i]
				return true
			}
		}
		return false
	})
	if err != nil {
		var all []string
		for _, m := range ch.Messages() {
			all = append(all, Text(m))
		}
		w.T.Fatalf("no message in %s shows %q; it shows:\n%s", ch.Name(), want, strings.Join(all, "\n----\n"))
	}
	return found
}

// Thread waits until the channel has n threads and returns the newest.
func (w *World) Thread(ch *discordtest.Channel, n int) *discordtest.Channel {
	w.T.Helper()
	deadline := time.Now().Add(Patience)
	for {
		ths := ch.Threads()
		if len(ths) >= n {
			if len(ths) > n {
				w.T.Fatalf("%s has %d threads, want %d", ch.Name(), len(ths), n)
			}
			return ths[n-1]
		}
		if time.Now().After(deadline) {
			w.T.Fatalf("%s has %d threads, want %d", ch.Name(), len(ths), n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// WaitArchived waits until thread th is archived.
func (w *World) WaitArchived(th *discordtest.Channel) {
	w.T.Helper()
	deadline := time.Now().Add(Patience)
	for !th.Archived() {
		if time.Now().After(deadline) {
			w.T.Fatalf("thread %s was never archived", th.Name())
		}
		time.Sleep(5 * time.Millisecond)
	}
}
