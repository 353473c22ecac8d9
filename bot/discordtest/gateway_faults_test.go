package discordtest_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
)

func TestInvalidatedSessionIdentifiesAgain(t *testing.T) {
	t.Parallel()
	srv, ch, _ := setup(t, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		_ = s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "new session"},
		})
	})
	if got := srv.Identifies(); got != 1 {
		t.Fatalf("Identifies() = %d before the fault, want 1", got)
	}
	srv.InvalidateSessions()
	if _, err := srv.User("alice").Slash(ch, "laro new", discordtest.IntOpt("stake", 5)); !errors.Is(err, discordtest.ErrNoBot) {
		t.Errorf("Slash with no session: err = %v, want ErrNoBot", err)
	}
	if err := srv.WaitConnected(1, 10*time.Second); err != nil {
		t.Fatalf("the client did not come back: %v", err)
	}
	if got := srv.Identifies(); got != 2 {
		t.Errorf("Identifies() = %d, want 2: a refused RESUME is followed by a fresh IDENTIFY", got)
	}
	if got := srv.Resumes(); got != 0 {
		t.Errorf("Resumes() = %d, want 0: the session was gone", got)
	}
	resp, err := srv.User("alice").Slash(ch, "laro new", discordtest.IntOpt("stake", 5))
	if err != nil {
		t.Fatalf("Slash on the new session: %v", err)
	}
	if cb, err := resp.Wait(); err != nil || cb.Message == nil || cb.Message.Content != "new session" {
		t.Fatalf("Wait on the new session: %+v, %v", cb, err)
	}
	noFailures(t, srv)
}

func TestInteractionSentWhileDisconnectedExpiresFromTheClick(t *testing.T) {
	t.Parallel()
	errs := make(chan error, 1)
	srv, ch, _ := setup(t, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		errs <- s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "too late"},
		})
	}, discordtest.WithCallbackDeadline(200*time.Millisecond))
	srv.DropConnections()
	// discordgo waits about a second before it reconnects and resumes, and
	// the click is replayed then: past its deadline, counted from the click.
	resp, err := srv.User("alice").Slash(ch, "laro new", discordtest.IntOpt("stake", 5))
	if err != nil {
		t.Fatalf("Slash while disconnected: %v", err)
	}
	if _, err := resp.Wait(); !errors.Is(err, discordtest.ErrInteractionFailed) {
		t.Errorf("Wait: err = %v, want ErrInteractionFailed", err)
	}
	select {
	case err := <-errs:
		wantCode(t, "replayed callback", err, 404, discordgo.ErrCodeUnknownInteraction)
	case <-time.After(10 * time.Second):
		t.Fatal("the interaction was never replayed to the bot after the RESUME")
	}
	if srv.Resumes() != 1 {
		t.Errorf("Resumes() = %d, want 1", srv.Resumes())
	}
	fs := srv.Failures()
	if kinds := failureKinds(srv); kinds != "[timeout late callback]" {
		t.Errorf("failures = %s, want [timeout late callback]", kinds)
	} else if !strings.Contains(fs[0].Detail, "no bot was connected") {
		t.Errorf("timeout detail %q does not say no bot was connected", fs[0].Detail)
	}
	if len(ch.Messages()) != 0 {
		t.Error("an expired interaction's callback still posted a message")
	}
}

func TestCutGatewayRefusesConnectionsThenResumes(t *testing.T) {
	t.Parallel()
	errs := make(chan error, 2)
	srv, ch, _ := setup(t, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		errs <- s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "back"},
		})
	})
	cut := time.Now()
	srv.CutGateway(1500 * time.Millisecond)
	// Made while the gateway is down, replayed on the RESUME more than
	// 1.5 s later: with Discord's 3 s, still answerable.
	resp, err := srv.User("alice").Slash(ch, "laro new", discordtest.IntOpt("stake", 5))
	if err != nil {
		t.Fatalf("Slash while the gateway is cut: %v", err)
	}
	if _, err := resp.Wait(); err != nil {
		t.Fatalf("Wait: %v", err)
	}
	if waited := time.Since(cut); waited < 1500*time.Millisecond {
		t.Errorf("the click was answered %v after the cut, before the gateway came back", waited)
	}
	if err := <-errs; err != nil {
		t.Errorf("callback: %v", err)
	}
	if srv.Resumes() != 1 || srv.Identifies() != 1 {
		t.Errorf("Resumes() = %d, Identifies() = %d; want the session resumed once, never identified again", srv.Resumes(), srv.Identifies())
	}
	noFailures(t, srv)
}

// The callback deadline runs from the click, the interaction's snowflake
// time, as Discord counts it: a click stamped earlier, or held back on its
// way, has that much less time, although the bot answers it as quickly
// after delivery as one that came at once.
func TestCallbackDeadlineRunsFromTheClick(t *testing.T) {
	t.Parallel()
	errs := make(chan error, 3)
	srv, ch, _ := setup(t, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		time.Sleep(150 * time.Millisecond)
		errs <- s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "answered"},
		})
	}, discordtest.WithCallbackDeadline(400*time.Millisecond))
	alice := srv.User("alice")

	// Answered 150 ms after delivery, well inside 400 ms of the click.
	resp, err := alice.Slash(ch, "laro new", discordtest.IntOpt("stake", 5))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := resp.Wait(); err != nil {
		t.Fatalf("a click answered at once: %v", err)
	}
	if err := <-errs; err != nil {
		t.Fatalf("callback: %v", err)
	}

	// Stamped 300 ms ago: the same answer comes 450 ms after the click.
	resp, err = alice.Slash(ch, "laro new", discordtest.IntOpt("stake", 5), discordtest.WithTime(time.Now().Add(-300*time.Millisecond)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := resp.Wait(); !errors.Is(err, discordtest.ErrInteractionFailed) {
		t.Errorf("a click stamped 300 ms ago: err = %v, want ErrInteractionFailed", err)
	}
	wantCode(t, "callback 450 ms after the click", <-errs, 404, discordgo.ErrCodeUnknownInteraction)

	// Held back 300 ms on its way: the same.
	resp, err = alice.Slash(ch, "laro new", discordtest.IntOpt("stake", 5), discordtest.WithDelay(300*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := resp.Wait(); !errors.Is(err, discordtest.ErrInteractionFailed) {
		t.Errorf("a click delivered 300 ms late: err = %v, want ErrInteractionFailed", err)
	}
	wantCode(t, "callback of a delayed click", <-errs, 404, discordgo.ErrCodeUnknownInteraction)
	if kinds := failureKinds(srv); kinds != "[timeout late callback timeout late callback]" {
		t.Errorf("failures = %s, want two timeouts, each with its late callback", kinds)
	}
}
