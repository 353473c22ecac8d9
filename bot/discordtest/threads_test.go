package discordtest_test

import (
	"errors"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
)

func restCode(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Message != nil {
		return re.Message.Code
	}
	return 0
}

func TestThreadLifecycle(t *testing.T) {
	srv, ch, dg := setup(t, nil)
	m, err := dg.ChannelMessageSend(ch.ID(), "lobby")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := dg.MessageThreadStart(ch.ID(), m.ID, "", 1440); restCode(err) != 50035 {
		t.Errorf("a thread with an empty name: err %v, want 50035", err)
	}
	th, err := dg.MessageThreadStart(ch.ID(), m.ID, "Laro · table ab12 · game 1", 1440)
	if err != nil {
		t.Fatal(err)
	}
	if th.ID != m.ID || th.Type != discordgo.ChannelTypeGuildPublicThread || th.ParentID != ch.ID() {
		t.Errorf("thread = id %s type %d parent %s; want id %s, type 11, parent %s", th.ID, th.Type, th.ParentID, m.ID, ch.ID())
	}
	if _, err := dg.MessageThreadStart(ch.ID(), m.ID, "again", 1440); restCode(err) != 160004 {
		t.Errorf("a second thread on one message: err %v, want 160004", err)
	}
	if got := ch.Message(m.ID); got.Thread == nil || got.Thread.ID != th.ID {
		t.Errorf("the starter message does not carry its thread: %+v", got.Thread)
	}
	fake := srv.Channel(th.ID)
	if fake == nil || !fake.IsThread() || fake.Parent() != ch {
		t.Fatalf("the fake does not know the thread")
	}
	in, err := dg.ChannelMessageSend(th.ID, "inside")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := dg.ChannelMessageEdit(th.ID, in.ID, "edited"); err != nil {
		t.Fatal(err)
	}
	if got := fake.Messages(); len(got) != 1 || got[0].Content != "edited" || got[0].ChannelID != th.ID {
		t.Errorf("the thread shows %+v, want the one edited message", got)
	}
	if len(ch.Messages()) != 1 {
		t.Errorf("the parent shows %d messages, want only the lobby", len(ch.Messages()))
	}
	archived := true
	if _, err := dg.ChannelEditComplex(th.ID, &discordgo.ChannelEdit{Archived: &archived}); err != nil {
		t.Fatal(err)
	}
	if !fake.Archived() {
		t.Fatal("the thread is not archived")
	}
	if _, err := dg.ChannelMessageSend(th.ID, "late"); restCode(err) != 50083 {
		t.Errorf("posting in an archived thread: err %v, want 50083", err)
	}
	if _, err := dg.ChannelMessageEdit(th.ID, in.ID, "late"); restCode(err) != 50083 {
		t.Errorf("editing in an archived thread: err %v, want 50083", err)
	}
}

func TestThreadPermissions(t *testing.T) {
	_, ch, dg := setup(t, nil)
	m, err := dg.ChannelMessageSend(ch.ID(), "lobby")
	if err != nil {
		t.Fatal(err)
	}
	ch.SetBotPermissions(discordtest.DefaultBotPermissions &^ discordgo.PermissionCreatePublicThreads)
	if _, err := dg.MessageThreadStart(ch.ID(), m.ID, "t", 1440); restCode(err) != 50013 {
		t.Errorf("starting a thread without Create Public Threads: err %v, want 50013", err)
	}
	ch.SetBotPermissions(discordtest.DefaultBotPermissions &^ discordgo.PermissionSendMessagesInThreads)
	th, err := dg.MessageThreadStart(ch.ID(), m.ID, "t", 1440)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := dg.ChannelMessageSend(th.ID, "x"); restCode(err) != 50013 {
		t.Errorf("posting in a thread without Send Messages in Threads: err %v, want 50013", err)
	}
	if _, err := dg.MessageThreadStart(th.ID, m.ID, "t", 1440); restCode(err) != 50024 {
		t.Errorf("a thread in a thread: err %v, want 50024", err)
	}
}

func TestInteractionFromAThread(t *testing.T) {
	got := make(chan *discordgo.InteractionCreate, 1)
	srv, ch, dg := setup(t, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		got <- i
		_ = s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate})
	})
	m, err := dg.ChannelMessageSend(ch.ID(), "lobby")
	if err != nil {
		t.Fatal(err)
	}
	th, err := dg.MessageThreadStart(ch.ID(), m.ID, "t", 60)
	if err != nil {
		t.Fatal(err)
	}
	msg, err := dg.ChannelMessageSendComplex(th.ID, &discordgo.MessageSend{Content: "table", Components: []discordgo.MessageComponent{
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{Label: "Go", CustomID: "go", Style: discordgo.PrimaryButton}}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := srv.User("ann").Click(msg, "go"); err != nil {
		t.Fatal(err)
	}
	i := <-got
	if i.ChannelID != th.ID || i.GuildID != ch.Guild().ID() || i.AppPermissions&discordgo.PermissionSendMessagesInThreads == 0 {
		t.Errorf("interaction from the thread: channel %s guild %s app perms %#x; want channel %s, the guild, the parent's permissions",
			i.ChannelID, i.GuildID, i.AppPermissions, th.ID)
	}
	if i.Member == nil || i.Member.Permissions != discordtest.DefaultUserPermissions {
		t.Errorf("interaction member %+v, want the member with their permissions", i.Member)
	}
}
