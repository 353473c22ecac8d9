package discordtest_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
)

// TestObserverSeesEveryChange checks that an observer is told of each post,
// edit and deletion, public or ephemeral, in order and with its time, and
// that a callback says when it arrived.
func TestObserverSeesEveryChange(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var seen []string
	var last time.Time
	observe := func(c discordtest.Change) {
		mu.Lock()
		defer mu.Unlock()
		who := "channel"
		if c.Owner != nil {
			who = c.Owner.Name()
		}
		what := "edited"
		switch {
		case c.Created:
			what = "created"
		case c.Deleted:
			what = "deleted"
		}
		if c.At.Before(last) || c.Channel == nil {
			t.Errorf("change %s %s at %v in %v: out of order or without a channel", who, what, c.At, c.Channel)
		}
		last = c.At
		seen = append(seen, who+" "+what+" "+c.Message.Content)
	}
	srv, ch, dg := setup(t, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		var err error
		if i.Type == discordgo.InteractionApplicationCommand {
			err = s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: "hand 1", Flags: discordgo.MessageFlagsEphemeral,
					Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
						discordgo.Button{Label: "Go", CustomID: "v1/go"},
					}}}},
			})
		} else {
			err = s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseUpdateMessage,
				Data: &discordgo.InteractionResponseData{Content: "hand 2"},
			})
		}
		if err != nil {
			t.Errorf("respond: %v", err)
		}
	}, discordtest.WithObserver(observe))

	alice := srv.User("alice")
	before := time.Now()
	r, err := alice.Slash(ch, "laro new", discordtest.IntOpt("stake", 5))
	if err != nil {
		t.Fatal(err)
	}
	cb, err := r.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if cb.Arrived.Before(before) || cb.Arrived.After(time.Now()) || cb.Arrived.Sub(before) < cb.Latency {
		t.Errorf("Arrived = %v, Latency %v, want between the click at %v and now, no earlier than Latency", cb.Arrived, cb.Latency, before)
	}
	r, err = alice.Click(alice.Ephemeral()[0], "v1/go")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Wait(); err != nil {
		t.Fatal(err)
	}
	m, err := dg.ChannelMessageSend(ch.ID(), "table 1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := dg.ChannelMessageEdit(ch.ID(), m.ID, "table 2"); err != nil {
		t.Fatal(err)
	}
	if err := dg.ChannelMessageDelete(ch.ID(), m.ID); err != nil {
		t.Fatal(err)
	}

	mu.Lock()
	defer mu.Unlock()
	want := []string{
		"alice created hand 1", "alice edited hand 2",
		"channel created table 1", "channel edited table 2", "channel deleted table 2",
	}
	if strings.Join(seen, "\n") != strings.Join(want, "\n") {
		t.Errorf("observer saw:\n%s\nwant:\n%s", strings.Join(seen, "\n"), strings.Join(want, "\n"))
	}
	noFailures(t, srv)
}
