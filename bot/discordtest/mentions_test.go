package discordtest_test

import (
	"slices"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestAllowedMentionsDecideWhoIsPinged(t *testing.T) {
	srv, ch, dg := setup(t, nil)
	ann, bob := srv.User("ann"), srv.User("bob")
	both := "<@" + ann.ID() + "> and <@!" + bob.ID() + ">"

	// Without allowed_mentions every user mention pings.
	m, err := dg.ChannelMessageSend(ch.ID(), both)
	if err != nil {
		t.Fatal(err)
	}
	if got := pinged(ch.Message(m.ID)); !slices.Equal(got, []string{ann.ID(), bob.ID()}) {
		t.Errorf("no allowed_mentions: pinged %v, want ann and bob", got)
	}
	if a := ch.AllowedMentions(m.ID); a != nil {
		t.Errorf("allowed_mentions recorded as %+v for a post without them", a)
	}
	// Limited to ann: bob is named but not pinged.
	m, err = dg.ChannelMessageSendComplex(ch.ID(), &discordgo.MessageSend{
		Content: both, AllowedMentions: &discordgo.MessageAllowedMentions{Users: []string{ann.ID()}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := pinged(ch.Message(m.ID)); !slices.Equal(got, []string{ann.ID()}) {
		t.Errorf("allowed ann only: pinged %v", got)
	}
	// Nobody allowed: nobody pinged.
	none, err := dg.ChannelMessageSendComplex(ch.ID(), &discordgo.MessageSend{
		Content: both, AllowedMentions: &discordgo.MessageAllowedMentions{},
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := pinged(ch.Message(none.ID)); len(got) != 0 {
		t.Errorf("empty allowed_mentions: pinged %v", got)
	}

	// A deleted message is gone from the channel but seen in Deleted, with
	// its allowed_mentions still recorded.
	if err := dg.ChannelMessageDelete(ch.ID(), m.ID); err != nil {
		t.Fatal(err)
	}
	if ch.Message(m.ID) != nil {
		t.Errorf("the deleted message is still shown")
	}
	if d := ch.Deleted(); len(d) != 1 || d[0].ID != m.ID || d[0].Content != both {
		t.Errorf("Deleted() = %+v, want the one deleted message", d)
	}
	if a := ch.AllowedMentions(m.ID); a == nil || !slices.Equal(a.Users, []string{ann.ID()}) {
		t.Errorf("the deleted message's allowed_mentions = %+v, want users [ann]", a)
	}
}

func TestThreadMembersAdded(t *testing.T) {
	srv, ch, dg := setup(t, nil)
	ann := srv.User("ann")
	m, err := dg.ChannelMessageSend(ch.ID(), "lobby")
	if err != nil {
		t.Fatal(err)
	}
	if err := dg.ThreadMemberAdd(ch.ID(), ann.ID()); restCode(err) != 50024 {
		t.Errorf("adding a member to a text channel: err %v, want 50024", err)
	}
	th, err := dg.MessageThreadStart(ch.ID(), m.ID, "game", 1440)
	if err != nil {
		t.Fatal(err)
	}
	for range 2 { // adding twice is allowed and changes nothing
		if err := dg.ThreadMemberAdd(th.ID, ann.ID()); err != nil {
			t.Fatal(err)
		}
	}
	if err := dg.ThreadMemberAdd(th.ID, "12345"); restCode(err) != 10013 {
		t.Errorf("adding an unknown user: err %v, want 10013", err)
	}
	if got := srv.Channel(th.ID).Members(); !slices.Equal(got, []string{ann.ID()}) {
		t.Errorf("members %v, want [ann]", got)
	}
	archived := true
	if _, err := dg.ChannelEditComplex(th.ID, &discordgo.ChannelEdit{Archived: &archived}); err != nil {
		t.Fatal(err)
	}
	if err := dg.ThreadMemberAdd(th.ID, srv.User("bob").ID()); restCode(err) != 50083 {
		t.Errorf("adding a member to an archived thread: err %v, want 50083", err)
	}
}

func pinged(m *discordgo.Message) []string {
	var ids []string
	if m == nil {
		return nil
	}
	for _, u := range m.Mentions {
		ids = append(ids, u.ID)
	}
	return ids
}
