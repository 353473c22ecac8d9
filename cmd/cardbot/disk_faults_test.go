package main

import (
	"database/sql"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/internal/screen"
	"github.com/cardbot/cardbot/store"
)

// faultBinary is the binary built with the faultsync tag: while the file named by
// CARDBOT_FAULT_SYNC exists, every sync of its WAL fails with EIO (store/sync_fault_on.go).
func faultBinary(t *testing.T) string { return buildCardbot(t, "faultsync") }

// handCard matches a card of a hand as cardSymbol does, and the Void (V) too.
var handCard = regexp.MustCompile(cardSymbol.String() + `|\bV\b`)

// handCards returns the cards a hand message shows, in order.
func handCards(m *discordgo.Message) []string {
	if m == nil || len(m.Embeds) == 0 {
		return nil
	}
	for _, f := range m.Embeds[0].Fields {
		if f.Name == "Cards" {
			return handCard.FindAllString(f.Value, -1)
		}
	}
	return nil
}

// waitStored waits until query (a count) finds a row in the database at path, which a
// running bot is writing.
func waitStored(t *testing.T, path, what, query string, args ...any) {
	t.Helper()
	rdb, err := sql.Open("sqlite3", "file:"+path+"?mode=ro&_busy_timeout=5000")
	if err != nil {
		t.Fatal(err)
	}
	defer rdb.Close()
	deadline := time.Now().Add(stepTimeout)
	for {
		var n int
		err := rdb.QueryRow(query, args...).Scan(&n)
		if err == nil && n > 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s was not stored within %v (last: %d, %v)", what, stepTimeout, n, err)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// A move whose sync to the disk fails stops the bot before it answers the click (the
// player sees "This interaction failed", never "not saved"), with exit status 74. After
// the restart the move stands, and what every player is shown agrees with it.
func TestBinaryStopsWhenTheDiskFailsASyncAndTheRestartAgrees(t *testing.T) {
	t.Parallel()
	bin := faultBinary(t)
	srv := discordtest.New(t)
	g := srv.AddGuild("test server")
	ch := g.AddChannel("card-tables")
	dir := t.TempDir()
	fail := filepath.Join(dir, "fail-sync")
	db := filepath.Join(dir, "cardbot.db")
	env := append(botEnv(srv, g, db), "CARDBOT_FAULT_SYNC="+fail)
	alice, bob := srv.User("alice"), srv.User("bob")

	first := startBinary(t, bin, "first run", dir, env)
	waitReady(t, first, srv, g.ID())
	r0, err := alice.Slash(ch, "laro new", discordtest.IntOpt("stake", 1), discordtest.IntOpt("ante", 0))
	act(t, "alice /laro new", r0, err)
	lobby := waitMessage(t, ch, "a lobby with Join and Start", hasButtons("Join", "Start"))
	click(t, bob, lobby, "Join")
	lobby = waitMessage(t, ch, "bob seated", func(m *discordgo.Message) bool {
		return m.ID == lobby.ID && strings.Contains(msgText(m), screen.Named(bob.Name()))
	})
	click(t, alice, lobby, "Start")
	table := waitMessage(t, ch, "a game with My hand and LARO!", hasButtons("My hand", "LARO!"))
	hands := map[*discordtest.User]*discordgo.Message{}
	var mover, other *discordtest.User
	for _, u := range []*discordtest.User{alice, bob} {
		hands[u], _ = openHand(t, u, table)
		if buttonID(hands[u], "Draw from deck") != "" {
			mover = u
		} else {
			other = u
		}
	}
	if mover == nil || other == nil {
		t.Fatalf("want exactly one hand offering Draw from deck:\n%s\n----\n%s", msgText(hands[alice]), msgText(hands[bob]))
	}
	r, err := mover.Click(hands[mover], buttonID(hands[mover], "Draw from deck"))
	act(t, mover.Name()+" drawing", r, err)
	drawn, discard := waitDiscard(t, mover, hands[mover])
	held := handCards(drawn)
	// The draw's answer came once the draw was stored; the token of the hand message
	// it answered is stored just after (queued, within 20 ms). The disk fails only
	// once that is done, so that the discard is the write whose sync fails.
	waitStored(t, db, "the hand token of the draw", `SELECT COUNT(*) FROM hand_tokens WHERE interaction_id = ?`, r.ID())
	// A commit is seen before it is synced: the Store syncs the WAL beside its writer,
	// and a queued token has no one to answer. On a loaded machine the token's sync
	// came after the fault below, and failed in place of the discard's. The other
	// player's My hand is answered only once its own new token is synced, by a sync
	// that began after the draw's token was committed: from then on that one is on the
	// disk too.
	openHand(t, other, table)

	// The disk fails from here on: the discard commits, its sync fails.
	if err := os.WriteFile(fail, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	r, err = mover.Click(drawn, discard)
	if err != nil {
		t.Fatalf("Discord refused the discard: %v", err)
	}
	if cb, err := r.Wait(); !errors.Is(err, discordtest.ErrInteractionFailed) {
		t.Fatalf("the discard whose sync failed was answered (%v):\n%s\nwant no answer (This interaction failed)", err, msgText(cb.Message))
	}
	select {
	case <-first.done:
	case <-time.After(stopTimeout):
		t.Fatalf("the first run still runs %v after its disk failed a sync", stopTimeout)
	}
	var exit *exec.ExitError
	if !errors.As(first.err, &exit) || exit.ExitCode() != store.ExitSyncFailed {
		t.Fatalf("the first run ended with %v, want exit status %d", first.err, store.ExitSyncFailed)
	}
	if out := first.out.String(); !strings.Contains(out, "the disk did not take a write") || !strings.Contains(out, "input/output error") {
		t.Errorf("the first run did not say why it stopped:\n%s", out)
	}
	for _, m := range mover.Ephemeral() {
		if strings.Contains(strings.ToLower(msgText(m)), "not saved") {
			t.Errorf("%s was told a move was not saved:\n%s", mover.Name(), msgText(m))
		}
	}

	// The disk is back; the supervisor restarts the bot.
	if err := os.Remove(fail); err != nil {
		t.Fatal(err)
	}
	second := startBinary(t, bin, "second run", dir, env)
	waitReady(t, second, srv, g.ID())
	second.waitLog("table rebuilt", stepTimeout)
	table = waitMessage(t, ch, "the restart notice on the table", func(m *discordgo.Message) bool {
		return hasButtons("My hand", "LARO!")(m) && strings.Contains(msgText(m), "restarted")
	})
	// The discard stands: the mover holds one card fewer, of those held before it,
	// and it is the other player's turn to draw.
	after, _ := openHand(t, mover, table)
	cards := handCards(after)
	if len(cards) != len(held)-1 {
		t.Errorf("%s holds %d cards after the restart, want %d (the discard stands):\nbefore: %v\nafter:  %v", mover.Name(), len(cards), len(held)-1, held, cards)
	}
	for _, c := range cards {
		if !slices.Contains(held, c) {
			t.Errorf("%s holds %s after the restart, a card not held before the discard", mover.Name(), c)
		}
	}
	if buttonID(after, "Draw from deck") != "" {
		t.Errorf("%s may draw again after the restart: the discard was lost\n%s", mover.Name(), msgText(after))
	}
	if h, _ := openHand(t, other, table); buttonID(h, "Draw from deck") == "" {
		t.Errorf("%s may not draw after the restart, though %s discarded:\n%s", other.Name(), mover.Name(), msgText(h))
	}
	second.stop()
}
