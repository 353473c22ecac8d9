package laro_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot"
	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/internal/e2e"
)

// startNoticeTable opens a two-person Laro table, starts it and opens both
// hands; it returns whose turn it is first, the other player, and the
// table message, and the time just before Start was pressed.
func startNoticeTable(t *testing.T, w *e2e.World) (mover, other *e2e.Player, table *discordgo.Message, started time.Time) {
	t.Helper()
	alice, bob := w.Player("alice"), w.Player("bob")
	r, err := alice.U.Slash(w.Ch, "laro new", discordtest.IntOpt("claim_window", 0))
	e2e.Answer(t, r, err)
	lobby := w.TableMessage("Click **Join**")
	bob.Click(lobby, e2e.Button(lobby, "join", ""))
	lobby = w.TableMessage(e2e.Named(bob))
	started = time.Now()
	alice.Click(lobby, e2e.Button(lobby, "start", ""))
	table = w.TableMessage("game 1")
	for _, p := range []*e2e.Player{alice, bob} {
		if e2e.Button(p.OpenHand(table), "draw", "deck") != "" {
			mover = p
		} else {
			other = p
		}
	}
	if mover == nil || other == nil {
		t.Fatalf("not exactly one hand offers the first draw")
	}
	return mover, other, table, started
}

// noticesFor counts the distinct messages ever posted in ch that pinged p.
func noticesFor(ch *discordtest.Channel, p *e2e.Player) int {
	ids := map[string]bool{}
	for _, m := range ch.History() {
		if e2e.Pings(m, p.U.ID()) {
			ids[m.ID] = true
		}
	}
	return len(ids)
}

func TestLaroTurnNoticePingsTheWaitingPlayerOnce(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	w.SetTurnNotice(0) // at once: the test need not wait out a delay
	mover, other, _, _ := startNoticeTable(t, w)

	// The first player has not moved: one channel message pings them, and
	// them alone, says what to press and links the table message.
	n := w.WaitNotice(w.Ch, mover)
	if len(n.Mentions) != 1 {
		t.Errorf("the notice pings %d people, want 1", len(n.Mentions))
	}
	if a := w.Ch.AllowedMentions(n.ID); a == nil || !slices.Equal(a.Users, []string{mover.U.ID()}) || len(a.Parse) != 0 {
		t.Errorf("the notice's allowed_mentions = %+v, want users [%s] and nothing parsed", a, mover.U.ID())
	}
	if !strings.HasPrefix(n.Content, "<@"+mover.U.ID()+">") || !strings.Contains(n.Content, "your turn at Laro") ||
		!strings.Contains(n.Content, "press 🃏 My hand") || strings.Contains(n.Content, "reopen") {
		t.Errorf("the notice says %q", n.Content)
	}
	prefix := "https://discord.com/channels/" + w.Guild.ID() + "/" + w.Ch.ID() + "/"
	i := strings.Index(n.Content, prefix)
	if i < 0 {
		t.Fatalf("the notice %q does not link a message of this channel", n.Content)
	}
	linked := w.Ch.Message(strings.Fields(n.Content[i+len(prefix):])[0])
	if e2e.Button(linked, "hand", "*") == "" {
		t.Errorf("the notice links a message without 🃏 My hand:\n%s", e2e.Text(linked))
	}

	// Opening the hand is not a move: the notice stays until the draw.
	hand := mover.OpenHand(w.TableMessage("game 1"))
	if w.Ch.Message(n.ID) == nil {
		t.Errorf("opening My hand deleted the turn notice")
	}
	mover.Click(hand, e2e.Button(hand, "draw", "deck"))
	w.WaitGone(w.Ch, n.ID, "the notice of a player who drew")
	if d := w.Ch.Deleted(); !slices.ContainsFunc(d, func(m *discordgo.Message) bool { return m.ID == n.ID }) {
		t.Errorf("the notice is not among the deleted messages")
	}

	// The discard passes the turn: the other player gets their notice, and
	// the channel never shows two.
	hand = mover.WaitHand("a discard", func(m *discordgo.Message) bool { return e2e.Button(m, "discard", "*") != "" })
	c := e2e.ChooseDiscard(e2e.CardsOf(t, hand))
	mover.Click(hand, e2e.Button(hand, "discard", c.String()))
	n2 := w.WaitNotice(w.Ch, other)
	if got := e2e.NoticesIn(w.Ch.Messages()); len(got) != 1 || got[0].ID != n2.ID {
		t.Errorf("the channel shows %d notices, want only the other player's", len(got))
	}
	// The player who drew and then discarded was pinged once for the turn,
	// not again for the discard that followed their draw.
	if got := noticesFor(w.Ch, mover); got != 1 {
		t.Errorf("the first player was pinged %d times in their turn, want 1", got)
	}

	// The other player moves: their notice goes too.
	hand = other.WaitHand("the draw", func(m *discordgo.Message) bool { return e2e.Button(m, "draw", "deck") != "" })
	other.Click(hand, e2e.Button(hand, "draw", "deck"))
	w.WaitGone(w.Ch, n2.ID, "the second player's notice")
	w.NoFailures()
}

func TestLaroTurnNoticeWaitsForItsDelay(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	w.SetTurnNotice(5) // the shortest delay the setting offers
	mover, _, _, started := startNoticeTable(t, w)
	// The first turn started with the game, after Start was pressed.
	n := w.WaitNoticeWithin(w.Ch, mover, 15*time.Second)
	if waited := n.Timestamp.Sub(started); waited < 5*time.Second {
		t.Errorf("the notice came %v after the turn started, want at least the 5 s delay", waited)
	}
	w.NoFailures()
}

func TestLaroTurnNoticeOffPingsNobody(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t, func(o *bot.Options) { o.TurnTimerUnit = 20 * time.Millisecond })
	w.SetTurnNotice(-1)
	mover, _, _, _ := startNoticeTable(t, w)
	// The turn timer (90 units of 20 ms) runs out for the waiting player:
	// the table moves for them, and with notices off no one was pinged.
	w.TableMessage("ran out of time")
	if got := noticesFor(w.Ch, mover); got != 0 {
		t.Errorf("with turn notices off, %d notices pinged the waiting player", got)
	}
	w.NoFailures()
}

func TestLaroTurnNoticeTellsAnExpiredHandToReopen(t *testing.T) {
	t.Parallel()
	// Issue 26: a hand message can be edited for 15 minutes only. When the
	// player's next turn comes after that, the notice says to reopen it.
	clock := discordtest.NewFakeClock(time.Now())
	w := e2e.NewWorldOn(t, []discordtest.Option{discordtest.WithClock(clock)})
	w.SetTurnNotice(0)
	mover, other, table, _ := startNoticeTable(t, w)
	first := w.WaitNotice(w.Ch, mover)
	if strings.Contains(first.Content, "reopen") {
		t.Errorf("a fresh hand was told to reopen: %q", first.Content)
	}

	// Fifteen minutes pass on Discord's clock after the other player's
	// last click (opening their hand); the first player comes back, opens a
	// fresh hand and plays their turn.
	clock.Advance(15*time.Minute + time.Second)
	hand := mover.OpenHand(table)
	mover.Click(hand, e2e.Button(hand, "draw", "deck"))
	hand = mover.WaitHand("a discard", func(m *discordgo.Message) bool { return e2e.Button(m, "discard", "*") != "" })
	mover.Click(hand, e2e.Button(hand, "discard", e2e.ChooseDiscard(e2e.CardsOf(t, hand)).String()))

	n := w.WaitNotice(w.Ch, other)
	if !strings.Contains(n.Content, "reopen 🃏 My hand") {
		t.Errorf("the player whose hand expired was told %q, want to reopen 🃏 My hand", n.Content)
	}
	// Reopening works: the fresh hand offers the draw.
	hand = other.OpenHand(w.TableMessage("game 1"))
	if e2e.Button(hand, "draw", "deck") == "" {
		t.Errorf("the reopened hand does not offer the draw:\n%s", e2e.Text(hand))
	}
	w.NoFailures()
}

func TestLaroExpiredHandToldOnTheTableWithNoticesOff(t *testing.T) {
	t.Parallel()
	clock := discordtest.NewFakeClock(time.Now())
	w := e2e.NewWorldOn(t, []discordtest.Option{discordtest.WithClock(clock)})
	w.SetTurnNotice(-1)
	mover, other, table, _ := startNoticeTable(t, w)
	clock.Advance(15*time.Minute + time.Second)
	hand := mover.OpenHand(table)
	mover.Click(hand, e2e.Button(hand, "draw", "deck"))
	hand = mover.WaitHand("a discard", func(m *discordgo.Message) bool { return e2e.Button(m, "discard", "*") != "" })
	mover.Click(hand, e2e.Button(hand, "discard", e2e.ChooseDiscard(e2e.CardsOf(t, hand)).String()))
	// No ping, but the table's events tell the other player to reopen.
	w.TableMessage(e2e.Named(other) + ", your hand stopped updating: reopen 🃏 My hand.")
	if got := noticesFor(w.Ch, other); got != 0 {
		t.Errorf("with turn notices off, %d notices pinged the player", got)
	}
	w.NoFailures()
}
