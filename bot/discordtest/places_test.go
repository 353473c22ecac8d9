package discordtest_test

import (
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
)

// events collects the gateway dispatches a test waits for.
type events struct{ ch chan any }

func watch(dg *discordgo.Session) events {
	e := events{ch: make(chan any, 16)}
	dg.AddHandler(func(_ *discordgo.Session, ev *discordgo.ChannelDelete) { e.ch <- ev })
	dg.AddHandler(func(_ *discordgo.Session, ev *discordgo.ThreadDelete) { e.ch <- ev })
	dg.AddHandler(func(_ *discordgo.Session, ev *discordgo.ThreadUpdate) { e.ch <- ev })
	dg.AddHandler(func(_ *discordgo.Session, ev *discordgo.GuildDelete) { e.ch <- ev })
	return e
}

func (e events) next(t *testing.T) any {
	t.Helper()
	select {
	case ev := <-e.ch:
		return ev
	case <-time.After(5 * time.Second):
		t.Fatal("no gateway event")
		return nil
	}
}

func TestDeletedChannelIsToldAndRefused(t *testing.T) {
	_, ch, dg := setup(t, nil)
	ev := watch(dg)
	m, err := dg.ChannelMessageSend(ch.ID(), "table")
	if err != nil {
		t.Fatal(err)
	}
	th, err := dg.MessageThreadStart(ch.ID(), m.ID, "game", 1440)
	if err != nil {
		t.Fatal(err)
	}
	ch.Delete()
	if got, ok := ev.next(t).(*discordgo.ChannelDelete); !ok || got.ID != ch.ID() || got.GuildID != ch.Guild().ID() {
		t.Fatalf("after the delete the bot got %#v, want CHANNEL_DELETE of %s", got, ch.ID())
	}
	_, err = dg.ChannelMessageSend(ch.ID(), "late")
	wantCode(t, "posting in a deleted channel", err, 404, discordgo.ErrCodeUnknownChannel)
	_, err = dg.ChannelMessageSend(th.ID, "late")
	wantCode(t, "posting in a deleted channel's thread", err, 404, discordgo.ErrCodeUnknownChannel)
	if len(ch.Guild().Channels()) != 0 {
		t.Errorf("the guild still lists %d channels", len(ch.Guild().Channels()))
	}
}

func TestBotRemovedFromGuild(t *testing.T) {
	srv, ch, dg := setup(t, nil)
	ev := watch(dg)
	u := srv.User("alice")
	ch.Guild().RemoveBot()
	if got, ok := ev.next(t).(*discordgo.GuildDelete); !ok || got.ID != ch.Guild().ID() || got.Unavailable {
		t.Fatalf("after the removal the bot got %#v, want GUILD_DELETE without unavailable", got)
	}
	_, err := dg.ChannelMessageSend(ch.ID(), "late")
	wantCode(t, "posting in a server the bot left", err, 403, discordgo.ErrCodeMissingAccess)
	if _, err := u.Slash(ch, "laro new", discordtest.IntOpt("stake", 5)); err != discordtest.ErrNoBot {
		t.Errorf("a command in a server the bot left: err %v, want ErrNoBot", err)
	}
}

func TestGuildOutageIsNotARemoval(t *testing.T) {
	_, ch, dg := setup(t, nil)
	ev := watch(dg)
	ch.Guild().Outage()
	if got, ok := ev.next(t).(*discordgo.GuildDelete); !ok || got.ID != ch.Guild().ID() || !got.Unavailable {
		t.Fatalf("after the outage the bot got %#v, want GUILD_DELETE unavailable", got)
	}
	if _, err := dg.ChannelMessageSend(ch.ID(), "still here"); err != nil {
		t.Errorf("posting after an outage: %v", err)
	}
}

func TestHiddenChannelIsMissingAccess(t *testing.T) {
	_, ch, dg := setup(t, nil)
	ch.SetBotPermissions(discordtest.DefaultBotPermissions &^ discordgo.PermissionViewChannel)
	_, err := dg.ChannelMessageSend(ch.ID(), "x")
	wantCode(t, "posting in a channel the bot cannot see", err, 403, discordgo.ErrCodeMissingAccess)
}

func TestModeratorArchivesAndLocksAThread(t *testing.T) {
	srv, ch, dg := setup(t, nil)
	ev := watch(dg)
	m, err := dg.ChannelMessageSend(ch.ID(), "table")
	if err != nil {
		t.Fatal(err)
	}
	dth, err := dg.MessageThreadStart(ch.ID(), m.ID, "game", 1440)
	if err != nil {
		t.Fatal(err)
	}
	th := srv.Channel(dth.ID)

	// Archived by a moderator: the bot is told, and may reopen it.
	th.Archive()
	if got, ok := ev.next(t).(*discordgo.ThreadUpdate); !ok || got.ThreadMetadata == nil || !got.ThreadMetadata.Archived || got.ThreadMetadata.Locked {
		t.Fatalf("after the archive the bot got %#v, want THREAD_UPDATE archived", got)
	}
	_, err = dg.ChannelMessageSend(th.ID(), "x")
	wantCode(t, "posting in an archived thread", err, 400, discordgo.ErrCodePerformedOperationOnArchivedThread)
	open := false
	if _, err := dg.ChannelEditComplex(th.ID(), &discordgo.ChannelEdit{Archived: &open}); err != nil {
		t.Fatalf("reopening an archived thread: %v", err)
	}
	ev.next(t) // THREAD_UPDATE: reopened
	if th.Archived() {
		t.Fatal("the thread is still archived")
	}

	// Locked: posts are refused, and once archived it stays shut for the
	// bot without Manage Threads.
	th.Lock()
	if got, ok := ev.next(t).(*discordgo.ThreadUpdate); !ok || got.ThreadMetadata == nil || !got.ThreadMetadata.Locked {
		t.Fatalf("after the lock the bot got %#v, want THREAD_UPDATE locked", got)
	}
	_, err = dg.ChannelMessageSend(th.ID(), "x")
	wantCode(t, "posting in a locked thread", err, 400, discordgo.ErrCodeThreadIsLocked)
	th.Archive()
	ev.next(t)
	_, err = dg.ChannelEditComplex(th.ID(), &discordgo.ChannelEdit{Archived: &open})
	wantCode(t, "reopening a locked thread", err, 403, discordgo.ErrCodeMissingPermissions)
	ch.SetBotPermissions(discordtest.DefaultBotPermissions | discordgo.PermissionManageThreads)
	if _, err := dg.ChannelEditComplex(th.ID(), &discordgo.ChannelEdit{Archived: &open}); err != nil {
		t.Fatalf("reopening a locked thread with Manage Threads: %v", err)
	}
	if _, err := dg.ChannelMessageSend(th.ID(), "x"); err != nil {
		t.Errorf("posting in a locked thread with Manage Threads: %v", err)
	}

	// Deleted: the bot gets THREAD_DELETE.
	ev.next(t)
	th.Delete()
	if got, ok := ev.next(t).(*discordgo.ThreadDelete); !ok || got.ID != th.ID() || got.ParentID != ch.ID() {
		t.Fatalf("after the delete the bot got %#v, want THREAD_DELETE", got)
	}
}
