package bot_test

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot"
	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/engine/laro"
	"github.com/cardbot/cardbot/store"
)

// With the disk stalled, every click takes longer than the deferral
// threshold; these tests prove that no such slow click, nor anything the
// table sends later through its token, ever shows a player's private
// content in a public message.

const (
	stallDeferAfter = 300 * time.Millisecond
	stallFor        = 900 * time.Millisecond
)

func stalledWorld(t *testing.T, tune ...func(*bot.Options)) *world {
	return newWorld(t, append([]func(*bot.Options){func(o *bot.Options) { o.DeferAfter = stallDeferAfter }}, tune...)...)
}

// stallStore holds SQLite's write lock for d from another connection, as
// a stalled disk or another process would: every write of the bot waits.
func (w *world) stallStore(d time.Duration) {
	w.t.Helper()
	ctx := context.Background()
	db, err := sql.Open("sqlite3", w.db+"?_busy_timeout=5000")
	if err != nil {
		w.t.Fatal(err)
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		w.t.Fatal(err)
	}
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		w.t.Fatalf("taking the write lock: %v", err)
	}
	released := make(chan struct{})
	time.AfterFunc(d, func() {
		defer close(released)
		_, _ = conn.ExecContext(ctx, "ROLLBACK")
		_ = conn.Close()
		_ = db.Close()
	})
	w.t.Cleanup(func() { <-released })
}

// slowly runs one user action while the store is stalled, checks that the
// bot deferred it the safe way, and waits until the deferred answer has
// been delivered. onPublic says whether the clicked message is public.
func (w *world) slowly(what string, onPublic bool, act func() (*discordtest.Response, error)) *discordtest.Response {
	w.t.Helper()
	w.stallStore(stallFor)
	r, err := act()
	if err != nil {
		w.t.Fatalf("%s: %v", what, err)
	}
	cb, err := r.Wait()
	if err != nil {
		w.t.Fatalf("%s: no answer: %v", what, err)
	}
	switch {
	case onPublic && (cb.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource || !cb.Ephemeral):
		w.t.Fatalf("%s on a public message was answered with type %d (ephemeral %v); want a private deferral", what, cb.Type, cb.Ephemeral)
	case !onPublic && cb.Type != discordgo.InteractionResponseDeferredMessageUpdate &&
		cb.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource:
		w.t.Fatalf("%s was answered at once (type %d) although the store was stalled: the test proves nothing", what, cb.Type)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		// Delivered: edited through this interaction's own token, or
		// followed up.
		if _, err := r.WaitEdited(1, 10*time.Millisecond); err == nil || len(r.Followups()) > 0 {
			return r
		}
		if time.Now().After(deadline) {
			w.t.Fatalf("%s: the deferred answer was never delivered", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// privateVerbs are the custom_id verbs of buttons that belong on a
// player's own hand message only.
var privateVerbs = map[string]bool{
	"draw": true, "discard": true, "win": true, "lay": true, "refresh": true,
	"play": true, "look": true, "pass": true, "resume": true,
}

// privateWords appear only in answers meant for one player.
var privateWords = []string{"Your hand", "Your LARO!", "Your draw", "Your move", "Welcome back"}

// checkPublicSecrecy scans every version of every message the channel has
// ever shown for a hand, a private answer, a hand's buttons, or a card that
// is hidden now (hidden holds such cards' text forms).
func (w *world) checkPublicSecrecy(when string, hidden []string) {
	w.t.Helper()
	versions := w.ch.History()
	if len(versions) == 0 {
		w.t.Fatalf("%s: the channel shows nothing: the scan would check nothing", when)
	}
	for _, m := range versions {
		s := text(m)
		for _, word := range privateWords {
			if strings.Contains(s, word) {
				w.t.Errorf("%s: a public message showed %q:\n%s", when, word, s)
			}
		}
		for _, id := range discordtest.CustomIDs(m) {
			if parts := strings.Split(id, "/"); len(parts) >= 5 && privateVerbs[parts[4]] {
				w.t.Errorf("%s: a public message carried the hand button %q:\n%s", when, id, s)
			}
		}
		if strings.Contains(s, "wins with") {
			continue // the winner's clusters are shown on purpose
		}
		for _, c := range hidden {
			if strings.Contains(s, c) {
				w.t.Errorf("%s: a public message named %s, which is hidden in a hand:\n%s", when, c, s)
			}
		}
	}
}

// laroHidden replays the channel's running Laro game from the store and
// returns the cards in players' hands that have never been face up.
func laroHidden(t *testing.T, w *world) []string {
	t.Helper()
	games, err := w.st.LiveGames(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		if g.Kind != store.KindLaro || g.Status != store.StatusPlaying {
			continue
		}
		_, recs, err := w.st.LoadGame(t.Context(), g.ID)
		if err != nil || len(recs) == 0 {
			t.Fatalf("LoadGame: %v", err)
		}
		var seed uint64
		var dealer int
		if _, err := fmt.Sscanf(string(recs[0].Data), "start %x %d", &seed, &dealer); err != nil {
			t.Fatal(err)
		}
		game, err := laro.New(laro.Config{Seats: len(g.Seats), Dealer: dealer}, seed)
		if err != nil {
			t.Fatal(err)
		}
		faceUp := map[laro.Card]bool{}
		for _, r := range recs[1:] {
			if strings.HasPrefix(string(r.Data), "intent ") {
				continue
			}
			a, err := laro.ParseAction(string(r.Data))
			if err != nil {
				t.Fatal(err)
			}
			if err := game.Apply(a); err != nil {
				t.Fatal(err)
			}
			if top, ok := game.TopDiscard(); ok {
				faceUp[top] = true
			}
			for s := range len(g.Seats) {
				for _, cl := range game.Laid(s) {
					for _, c := range cl {
						faceUp[c] = true
					}
				}
			}
		}
		var hidden []string
		for s := range len(g.Seats) {
			for _, c := range game.Hand(s) {
				if !faceUp[c] && c.String() != "V" {
					hidden = append(hidden, c.Symbol())
				}
			}
		}
		if len(hidden) == 0 {
			t.Fatal("no hidden card in any hand: the scan would check nothing")
		}
		return hidden
	}
	t.Fatal("no running Laro game")
	return nil
}

func TestLaroSlowClicksNeverShowAHandInPublic(t *testing.T) {
	// Bob can call LARO! on alice's discard with a choice of clusters, so
	// every kind of click (and the choice) happens.
	seed, x := findDeal(t, func(g *laro.Game) bool {
		opts := g.CallOptions(1)
		return len(opts) > 1 && !opts[0].Win
	})
	w := stalledWorld(t, func(o *bot.Options) {
		o.NewSeed = func() uint64 { return seed }
		o.ClaimGrace = 200 * time.Millisecond
	})
	alice, bob, carol := w.player("alice"), w.player("bob"), w.player("carol")
	players := []*player{alice, bob, carol}
	r, err := alice.u.Slash(w.ch, "laro new", discordtest.IntOpt("stake", 1), discordtest.IntOpt("ante", 0),
		discordtest.IntOpt("claim_window", 1), discordtest.IntOpt("turn_timer", 600))
	answer(t, r, err)
	lobby := w.tableMessage("Click **Join**")
	bob.click(lobby, button(lobby, "join", ""))
	carol.click(lobby, button(lobby, "join", ""))
	alice.click(lobby, button(lobby, "start", ""))
	table := w.tableMessage("game 1")
	check := func(when string) { w.checkPublicSecrecy(when, laroHidden(t, w)) }

	for _, p := range players {
		w.slowly(p.u.Name()+"'s My hand", true, func() (*discordtest.Response, error) {
			return p.u.Click(w.ch.Message(table.ID), button(table, "hand", "*"))
		})
		check(p.u.Name() + "'s slow My hand")
	}
	hand := alice.waitHand("the draw", func(m *discordgo.Message) bool { return button(m, "draw", "deck") != "" })
	w.slowly("alice's draw", false, func() (*discordtest.Response, error) {
		return alice.u.Click(hand, button(hand, "draw", "deck"))
	})
	check("a slow draw")
	hand = alice.waitHand("discards", func(m *discordgo.Message) bool { return button(m, "discard", "*") != "" })
	w.slowly("alice's discard", false, func() (*discordtest.Response, error) {
		return alice.u.Click(hand, button(hand, "discard", x.String()))
	})
	check("a slow discard")

	// Bob's slow LARO! wins; his answer message becomes his hand with a
	// button per cluster: all of it through his token, so on his message.
	table = w.tableMessage("LARO!")
	call := w.slowly("bob's LARO!", true, func() (*discordtest.Response, error) {
		return bob.u.Click(table, button(table, "laro", ""))
	})
	var choice *discordgo.Message
	for deadline := time.Now().Add(5 * time.Second); choice == nil; time.Sleep(10 * time.Millisecond) {
		if m := call.Message(); button(m, "lay", "*") != "" {
			choice = m
		}
		if time.Now().After(deadline) {
			t.Fatalf("bob's call never offered a choice of clusters; it shows:\n%s", text(call.Message()))
		}
	}
	if choice.Flags&discordgo.MessageFlagsEphemeral == 0 {
		t.Fatalf("bob's choice of clusters is on a public message:\n%s", text(choice))
	}
	check("a slow LARO! call won with a choice")
	w.slowly("bob's choice of cluster", false, func() (*discordtest.Response, error) {
		return bob.u.Click(choice, button(choice, "lay", "0"))
	})
	check("a slow choice of cluster")
	w.slowly("carol's Refresh", false, func() (*discordtest.Response, error) {
		// Carol's hand may be redrawn (bob just laid) between reading it
		// and clicking, as for a person: then she clicks the new one.
		for try := 0; ; try++ {
			hand := carol.hand()
			r, err := carol.u.Click(hand, button(hand, "refresh", "*"))
			if err == nil || try == 20 {
				return r, err
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
	check("a slow Refresh")

	// The hands keep updating after a restart, through the stored links:
	// still never on a public message.
	w.restart()
	hand = bob.waitHand("discards after the restart", func(m *discordgo.Message) bool { return button(m, "discard", "*") != "" })
	check("the restart")
	card := cardsOf(t, hand)[0]
	w.slowly("bob's discard after the restart", false, func() (*discordtest.Response, error) {
		return bob.u.Click(hand, button(hand, "discard", card.String()))
	})
	table = w.tableMessage("game 1")
	w.slowly("carol's My hand after the restart", true, func() (*discordtest.Response, error) {
		return carol.u.Click(table, button(table, "hand", "*"))
	})
	check("slow clicks after the restart")
	w.noFailures()
}

// lausHidden returns the cards in players' hands in the channel's Laus
// match now, replayed from the store.
func lausHidden(t *testing.T, w *world) []string {
	t.Helper()
	f := loadLaus(t, w)
	var hidden []string
	for s := range f.match.Config().Seats {
		for _, c := range f.match.Hand(s) {
			hidden = append(hidden, c.Symbol())
		}
	}
	return hidden
}

// deliveredText is what a slow action's answer finally showed.
func deliveredText(r *discordtest.Response) string {
	s := text(r.Message())
	for _, m := range r.Followups() {
		s += "\n" + text(m)
	}
	return s
}

func TestLausSlowClicksNeverShowAHandInPublic(t *testing.T) {
	w := stalledWorld(t)
	alice, bob, carol := w.player("alice"), w.player("bob"), w.player("carol")
	players := []*player{alice, bob, carol}
	r, err := alice.u.Slash(w.ch, "laus new", discordtest.IntOpt("target", 100000), discordtest.IntOpt("turn_timer", 600))
	answer(t, r, err)
	lobby := w.tableMessage("Click **Join**")
	bob.click(lobby, button(lobby, "join", ""))
	carol.click(lobby, button(lobby, "join", ""))
	alice.click(lobby, button(lobby, "start", ""))
	table := w.tableMessage("match 1 · round 1")
	check := func(when string) { w.checkPublicSecrecy(when, lausHidden(t, w)) }

	for _, p := range players {
		w.slowly(p.u.Name()+"'s My hand", true, func() (*discordtest.Response, error) {
			return p.u.Click(w.ch.Message(table.ID), button(table, "hand", "*"))
		})
		check(p.u.Name() + "'s slow My hand")
	}
	// The skat: the first decider looks and lays back, the second passes,
	// the third looks and lays back; every decision slow.
	for i := range 3 {
		p, hand := lausMover(t, w, players)
		if button(hand, "look", "*") == "" {
			t.Fatalf("decision %d: %s's hand offers no skat decision:\n%s", i+1, p.u.Name(), text(hand))
		}
		if i == 1 {
			w.slowly("a slow pass", false, func() (*discordtest.Response, error) { return p.u.Click(hand, button(hand, "pass", "*")) })
			check("a slow pass")
			continue
		}
		w.slowly("a slow look", false, func() (*discordtest.Response, error) { return p.u.Click(hand, button(hand, "look", "*")) })
		check("a slow look at the skat")
		hand = p.waitHand("the lay-back menu", func(m *discordgo.Message) bool { return button(m, "lay", "*") != "" })
		id := button(hand, "lay", "*")
		menu := discordtest.FindComponent(hand, id).(*discordgo.SelectMenu)
		w.slowly("a slow lay-back", false, func() (*discordtest.Response, error) {
			return p.u.Select(hand, id, []string{menu.Options[0].Value, menu.Options[1].Value})
		})
		check("a slow lay-back")
	}
	p, hand := lausMover(t, w, players)
	w.slowly("a slow play", false, func() (*discordtest.Response, error) { return p.u.Click(hand, button(hand, "play", "*")) })
	check("a slow play")
	w.slowly("a slow Refresh", false, func() (*discordtest.Response, error) {
		for try := 0; ; try++ { // the hand may be redrawn meanwhile, as for a person
			hand := carol.hand()
			r, err := carol.u.Click(hand, button(hand, "refresh", "*"))
			if err == nil || try == 20 {
				return r, err
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
	check("a slow Refresh")

	w.restart()
	check("the restart")
	p, hand = lausMover(t, w, players)
	w.slowly("a slow play after the restart", false, func() (*discordtest.Response, error) {
		return p.u.Click(hand, button(hand, "play", "*"))
	})
	table = w.tableMessage("match 1 · round 1")
	w.slowly("a slow My hand after the restart", true, func() (*discordtest.Response, error) {
		return alice.u.Click(table, button(table, "hand", "*"))
	})
	check("slow clicks after the restart")
	w.noFailures()
}

func TestLausSlowImBackNeverShowsAHandInPublic(t *testing.T) {
	w := stalledWorld(t, func(o *bot.Options) { o.TurnTimerUnit = 20 * time.Millisecond })
	alice := w.player("alice")
	r, err := alice.u.Slash(w.ch, "laus new", discordtest.IntOpt("target", 100000), discordtest.IntOpt("turn_timer", 15))
	answer(t, r, err)
	lobby := w.tableMessage("Click **Join**")
	alice.click(lobby, button(lobby, "computer", "*"))
	alice.click(lobby, button(lobby, "computer", "*"))
	alice.click(lobby, button(lobby, "start", "*"))
	alice.openHand(w.tableMessage("match 1 · round 1"))

	// Away three turns, alice presses I'm back on the public table, slowly.
	alice.waitHand("the I'm back button", func(m *discordgo.Message) bool { return button(m, "resume", "*") != "" })
	for try := 0; ; try++ {
		table := w.tableMessage("computer stands in")
		r := w.slowly("I'm back on the table", true, func() (*discordtest.Response, error) {
			return alice.u.Click(table, button(table, "back", "*"))
		})
		if strings.Contains(deliveredText(r), "Welcome back") {
			break
		}
		if try == 5 { // a new round's table may have replaced the one she clicked
			t.Fatalf("I'm back on the table answered:\n%s", deliveredText(r))
		}
	}
	w.checkPublicSecrecy("a slow I'm back on the table", nil)

	// Away again, she presses I'm back on her own hand, slowly.
	hand := alice.waitHand("the I'm back button again", func(m *discordgo.Message) bool { return button(m, "resume", "*") != "" })
	r = w.slowly("I'm back on the hand", false, func() (*discordtest.Response, error) {
		return alice.u.Click(hand, button(hand, "resume", "*"))
	})
	if !strings.Contains(deliveredText(r), "Welcome back") {
		t.Errorf("I'm back on the hand answered:\n%s", deliveredText(r))
	}
	w.checkPublicSecrecy("a slow I'm back on the hand", nil)
	w.noFailures()
}
