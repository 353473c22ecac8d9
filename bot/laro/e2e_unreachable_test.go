package laro_test

import (
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot"
	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/internal/e2e"
	"github.com/cardbot/cardbot/store"
)

// Test time runs 20 times faster than production (FastTiming: a table
// edit every 50 ms instead of every second), and so does the time a
// channel may refuse the bot before its table is given up: 1.5 s here,
// 30 s in production. A minute in production is 3 s here.
const (
	unreachableAfter = 1500 * time.Millisecond
	aMinute          = 3 * time.Second
)

func unreachableWorld(t *testing.T) *e2e.World {
	return e2e.NewWorld(t, func(o *bot.Options) { o.UnreachableAfter = unreachableAfter })
}

// stakedTable opens a two-player Laro table with chips at stake and
// checks that they are: an ante in the pot, escrow held.
func stakedTable(t *testing.T, w *e2e.World, alice, bob *e2e.Player) (*discordgo.Message, store.Game) {
	t.Helper()
	// On the channel endpoint: a token bound to the table message would
	// keep it going whatever the channel's permissions.
	table := e2e.OpenTableOnChannel(t, w, alice, []*e2e.Player{bob}, discordtest.IntOpt("stake", 2), discordtest.IntOpt("ante", 10),
		discordtest.IntOpt("claim_window", 0), discordtest.IntOpt("turn_timer", 600))
	for _, p := range []*e2e.Player{alice, bob} {
		if bal, _ := w.St.Balance(t.Context(), w.Guild.ID(), p.U.ID()); bal.Total != 990 || bal.Held == 0 {
			t.Fatalf("%s has %+v at a staked table, want the ante paid and escrow held", p.U.Name(), bal)
		}
	}
	return table, e2e.LiveGame(t, w, store.KindLaro)
}

// checkGivenUp checks what players see and what is stored once a staked
// table's channel is lost: the game cancelled with its closure recorded,
// every chip back, both told on their hand messages, their seats free.
func checkGivenUp(t *testing.T, w *e2e.World, g store.Game, why string, alice, bob *e2e.Player) {
	t.Helper()
	c := e2e.WaitAbandoned(t, w, g.ID, aMinute)
	if !strings.Contains(c.Reason, why) || c.By != "" {
		t.Errorf("the closure is %+v, want one by cardbot saying %q", c, why)
	}
	e2e.ChipsBack(t, w, alice, bob)
	for _, p := range []*e2e.Player{alice, bob} {
		if m := p.WaitPrivate("This table has closed"); !strings.Contains(e2e.Text(m), why) {
			t.Errorf("%s's hand says:\n%s\nwant it to say %q", p.U.Name(), e2e.Text(m), why)
		}
	}
	// Their seats are free: bob opens a table elsewhere.
	elsewhere := w.Guild.AddChannel("more-tables")
	r, err := bob.U.Slash(elsewhere, "laro new")
	if got := e2e.Text(e2e.Answer(t, r, err).Message); !strings.Contains(got, "is open") {
		t.Errorf("after the table was given up, bob's /laro new answered %q", got)
	}
}

// quietAfter checks that nothing is sent to ch from since on. The bot
// would have tried again within one back-off (10 table edits: 500 ms
// here), so the fake is watched for three of them.
func quietAfter(t *testing.T, w *e2e.World, ch *discordtest.Channel, since time.Time) {
	t.Helper()
	time.Sleep(1500 * time.Millisecond) // an observation window, not a wait for an event
	for _, r := range e2e.RequestsTo(w, ch, since) {
		t.Errorf("a request went to the lost channel after its table closed: %s %s -> %d", r.Method, r.Path, r.Status)
	}
}

func TestLaroTableWhoseChannelShutsTheBotOutCloses(t *testing.T) {
	t.Parallel()
	w := unreachableWorld(t)
	alice, bob := w.Player("alice"), w.Player("bob")
	_, g := stakedTable(t, w, alice, bob)

	// A moderator takes away every permission of the bot in the channel;
	// the next move changes the table message, which Discord refuses.
	revoked := time.Now()
	w.Ch.SetBotPermissions(0)
	mover, hand := e2e.WaitForMover(t, []*e2e.Player{alice, bob})
	mover.Click(hand, e2e.Button(hand, "draw", "deck"))

	checkGivenUp(t, w, g, "may no longer post in its channel", alice, bob)
	took := time.Since(revoked)
	if took < unreachableAfter {
		t.Errorf("the table closed %s after the refusals began, before its grace of %s", took, unreachableAfter)
	}
	closed := time.Now()
	// The channel was tried a few times, not every 10 s for ever.
	n := len(e2e.RequestsTo(w, w.Ch, revoked))
	t.Logf("%d calls to the shut channel; the table closed %v after the permissions went", n, took)
	if n == 0 || n > 8 {
		t.Errorf("%d calls to the shut channel before the table closed, want a few", n)
	}
	quietAfter(t, w, w.Ch, closed)
	w.NoFailures()
}

func TestLaroTableWhosePermissionComesBackInTimeGoesOn(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t) // the production grace: 30 s
	alice, bob := w.Player("alice"), w.Player("bob")
	stakedTable(t, w, alice, bob)
	w.Ch.SetBotPermissions(discordtest.DefaultBotPermissions &^ discordgo.PermissionSendMessages)
	mover, hand := e2e.WaitForMover(t, []*e2e.Player{alice, bob})
	mover.Click(hand, e2e.Button(hand, "draw", "deck"))
	// Wait for Discord to have refused the table's edit, then give the
	// permission back: the table shows the move. The fake logs a request
	// just after answering it, so the first refusal may not have reached the
	// bot yet when it is seen; the second (the outbox tries again after its
	// back-off) comes only after the bot has noted the first.
	deadline := time.Now().Add(5 * time.Second)
	for refusals(w) < 2 {
		if time.Now().After(deadline) {
			t.Fatal("the table never tried to show the draw")
		}
		time.Sleep(10 * time.Millisecond)
	}
	// The next click is told what to fix, and by when.
	_, cb, _ := move(t, []*e2e.Player{alice, bob})
	if got := e2e.Text(cb.Message); !strings.Contains(got, "Send Messages") || !strings.Contains(got, "within 30 seconds") {
		t.Errorf("the next click answered %q, want the permission and the time left named", got)
	}
	w.Ch.SetBotPermissions(discordtest.DefaultBotPermissions)
	w.TableMessage(e2e.Named(mover) + " drew from the deck")
	e2e.LiveGame(t, w, store.KindLaro)
	w.NoFailures()
}

// refusals counts the calls Discord has refused the bot for want of a
// permission.
func refusals(w *e2e.World) (n int) {
	for _, r := range w.Srv.Requests() {
		if r.Status == 403 {
			n++
		}
	}
	return n
}

func TestLaroTableWhoseChannelIsDeletedCloses(t *testing.T) {
	t.Parallel()
	w := unreachableWorld(t)
	alice, bob := w.Player("alice"), w.Player("bob")
	_, g := stakedTable(t, w, alice, bob)

	deleted := time.Now()
	w.Ch.Delete()
	checkGivenUp(t, w, g, "its channel was deleted", alice, bob)
	quietAfter(t, w, w.Ch, deleted)
	w.NoFailures()
}

// A player who plays with the hand dealt to them at the start (a
// follow-up of their Join click) is told there too: the note went to the
// Join click's original message, the lobby, before, and never reached
// them (under load TestLaroTableWhoseChannelIsDeletedCloses hit this when
// bob's My hand was not yet linked).
func TestLaroTableWhoseChannelIsDeletedTellsTheDealtHand(t *testing.T) {
	t.Parallel()
	w := unreachableWorld(t)
	alice, bob := w.Player("alice"), w.Player("bob")
	r, err := alice.U.Slash(w.Ch, "laro new", discordtest.IntOpt("stake", 2), discordtest.IntOpt("ante", 10),
		discordtest.IntOpt("claim_window", 0), discordtest.IntOpt("turn_timer", 600))
	e2e.Answer(t, r, err)
	lobby := w.TableMessage("Click **Join**")
	bob.Click(lobby, e2e.Button(lobby, "join", ""))
	alice.Click(w.Ch.Message(lobby.ID), e2e.Button(lobby, "start", ""))
	dealt := bob.WaitHand("the hand dealt at the start", func(m *discordgo.Message) bool {
		return strings.Contains(e2e.Text(m), "The game has started")
	})
	g := e2e.LiveGame(t, w, store.KindLaro)

	w.Ch.Delete()
	e2e.WaitAbandoned(t, w, g.ID, aMinute)
	if m := bob.WaitPrivate("This table has closed"); m.ID != dealt.ID {
		t.Errorf("the closing note went to message %s, not bob's dealt hand %s", m.ID, dealt.ID)
	}
	w.NoFailures()
}

func TestLaroNewInAThreadNeedsSendMessagesInThreads(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	alice := w.Player("alice")
	th := memberThread(t, w, alice, "cards")
	w.Ch.SetBotPermissions(discordtest.DefaultBotPermissions &^ discordgo.PermissionSendMessagesInThreads)
	r, err := alice.U.Slash(th, "laro new")
	if got := e2e.Text(e2e.Answer(t, r, err).Message); !strings.Contains(got, "Send Messages in Threads") {
		t.Fatalf("/laro new in a thread the bot may not post in answered %q, want the permission named", got)
	}
	if games, _ := w.St.LiveGames(t.Context()); len(games) != 0 {
		t.Errorf("%d live games after the refusal, want none", len(games))
	}
	w.Ch.SetBotPermissions(discordtest.DefaultBotPermissions)
	r, err = alice.U.Slash(th, "laro new")
	if got := e2e.Text(e2e.Answer(t, r, err).Message); !strings.Contains(got, "is open") {
		t.Fatalf("/laro new in a thread the bot may post in answered %q", got)
	}
	w.MessageIn(th, "Click **Join**")
}

func TestLaroGameGoesOnWhenItsThreadIsArchived(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	alice, bob := w.Player("alice"), w.Player("bob")
	players := []*e2e.Player{alice, bob}
	_, th, table := openThreadTable(t, w, alice, bob)
	for _, p := range players {
		p.OpenHand(table)
	}
	// A moderator archives the thread mid-game: the bot reopens it, and
	// the next move shows there as usual.
	th.Archive()
	deadline := time.Now().Add(5 * time.Second)
	for th.Archived() {
		if time.Now().After(deadline) {
			t.Fatal("the bot never reopened its game's archived thread")
		}
		time.Sleep(5 * time.Millisecond)
	}
	mover, cb, did := move(t, players)
	if strings.Contains(e2e.Text(cb.Message), "⚠️") || strings.Contains(e2e.Text(cb.Message), "50083") {
		t.Errorf("the move answered with a problem:\n%s", e2e.Text(cb.Message))
	}
	w.MessageIn(th, e2e.Named(mover)+" "+did)
	if did != "discarded" {
		move(t, players) // the discard that ends the turn
	}

	// Archived while the bot is down, so no gateway event tells it: the
	// restarted bot learns it from Discord's refusal (50083) of its first
	// edit there, reopens the thread, and the game goes on there.
	w.Stop()
	th.Archive()
	w.Start()
	w.MessageIn(th, "cardbot restarted")
	if th.Archived() {
		t.Error("the thread is still archived after the bot's edit there")
	}
	e2e.PlayToEnd(t, w, players)
	if th.Locked() {
		t.Error("the thread was locked")
	}
	w.NoFailures()
}

func TestLaroGameLeavesALockedThreadForItsChannel(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	alice, bob := w.Player("alice"), w.Player("bob")
	players := []*e2e.Player{alice, bob}
	_, th, table := openThreadTable(t, w, alice, bob)
	for _, p := range players {
		p.OpenHand(table)
	}
	// A moderator locks the thread: the bot may not post there any more,
	// so the game goes on in the channel, which says why.
	th.Lock()
	note := w.MessageIn(w.Ch, "locked its thread")
	if !strings.Contains(e2e.Text(note), "goes on here") {
		t.Errorf("the channel's note says:\n%s", e2e.Text(note))
	}
	moved := w.MessageIn(w.Ch, "game 1")
	if e2e.Button(moved, "hand", "*") == "" {
		t.Fatalf("the table in the channel has no My hand button:\n%s", e2e.Text(moved))
	}
	// The hands opened in the thread go on working.
	mover, _, did := move(t, players)
	w.MessageIn(w.Ch, e2e.Named(mover)+" "+did)
	if did != "discarded" {
		move(t, players) // the discard that ends the turn
	}
	final := e2e.PlayToEnd(t, w, players)
	if !strings.Contains(final, "wins with") && !strings.Contains(final, "no winner") {
		t.Fatalf("no result in the channel:\n%s", final)
	}
	w.NoFailures()
}

// move has whoever's turn it is make their next move (a draw from the
// deck, or a discard) and returns them, the answer, and what the table
// says they did.
func move(t *testing.T, players []*e2e.Player) (*e2e.Player, discordtest.Callback, string) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		for _, p := range players {
			hand := p.Hand()
			if id := e2e.Button(hand, "draw", "deck"); id != "" {
				return p, p.Click(hand, id), "drew from the deck"
			}
			if e2e.Button(hand, "discard", "*") != "" {
				c := e2e.ChooseDiscard(e2e.CardsOf(t, hand))
				return p, p.Click(hand, e2e.Button(hand, "discard", c.String())), "discarded"
			}
		}
	}
	t.Fatal("nobody's hand offers a move")
	return nil, discordtest.Callback{}, ""
}

// TestLaroTableOutlivesAServerOutage: GUILD_DELETE with "unavailable" is
// an outage, not a removal: the table goes on.
func TestLaroTableOutlivesAServerOutage(t *testing.T) {
	t.Parallel()
	w := unreachableWorld(t)
	alice, bob := w.Player("alice"), w.Player("bob")
	stakedTable(t, w, alice, bob)
	w.Guild.Outage()
	// discordgo forgets an unavailable guild just before it starts the
	// event's handlers; the move below comes after them.
	deadline := time.Now().Add(5 * time.Second)
	for {
		if _, err := w.Session.State.Guild(w.Guild.ID()); err != nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the bot never saw the outage")
		}
		time.Sleep(5 * time.Millisecond)
	}
	mover, _, did := move(t, []*e2e.Player{alice, bob})
	w.TableMessage(e2e.Named(mover) + " " + did)
	e2e.LiveGame(t, w, store.KindLaro)
	w.NoFailures()
}

// memberThread is a thread a member started in w's channel, from a board
// they shared there: a place where people chat, not a table's own thread.
func memberThread(t *testing.T, w *e2e.World, p *e2e.Player, name string) *discordtest.Channel {
	t.Helper()
	r, err := p.U.Slash(w.Ch, "chips daily")
	e2e.Answer(t, r, err)
	r, err = p.U.Slash(w.Ch, "chips leaderboard")
	board := e2e.Answer(t, r, err).Message
	p.Click(board, e2e.Button(board, "share", "*"))
	msgs := w.Ch.Messages()
	if len(msgs) == 0 {
		t.Fatal("no channel message to start a thread from")
	}
	th := w.Ch.StartThread(p.U, msgs[len(msgs)-1], name)
	if th == nil {
		t.Fatal("could not start a thread")
	}
	return th
}
