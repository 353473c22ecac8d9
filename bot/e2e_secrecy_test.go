package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot"
	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/internal/e2e"
	"github.com/cardbot/cardbot/engine/laro"
)

func TestLaroSlowClicksNeverShowAHandInPublic(t *testing.T) {
	t.Parallel()
	// Bob can call LARO! on alice's discard with a choice of clusters, so
	// every kind of click (and the choice) happens.
	seed, x := e2e.FindDeal(t, func(g *laro.Game) bool {
		opts := g.CallOptions(1)
		return len(opts) > 1 && !opts[0].Win
	})
	w := e2e.StalledWorld(t, func(o *bot.Options) {
		o.NewSeed = func() uint64 { return seed }
		o.ClaimGrace = 200 * time.Millisecond
	})
	alice, bob, carol := w.Player("alice"), w.Player("bob"), w.Player("carol")
	players := []*e2e.Player{alice, bob, carol}
	r, err := alice.U.Slash(w.Ch, "laro new", discordtest.IntOpt("stake", 1), discordtest.IntOpt("ante", 0),
		// A LARO! window long enough that bob's call, stamped after alice's
		// slow discard was shown, still falls in it however slow the disk.
		discordtest.IntOpt("claim_window", 4), discordtest.IntOpt("turn_timer", 600))
	e2e.Answer(t, r, err)
	lobby := w.TableMessage("Click **Join**")
	bob.Click(lobby, e2e.Button(lobby, "join", ""))
	carol.Click(lobby, e2e.Button(lobby, "join", ""))
	alice.Click(lobby, e2e.Button(lobby, "start", ""))
	table := w.TableMessage("game 1")
	check := func(when string) { w.CheckPublicSecrecy(when, e2e.LaroHidden(t, w)) }

	for _, p := range players {
		w.Slowly(p.U.Name()+"'s My hand", true, func() (*discordtest.Response, error) {
			return p.U.Click(w.Ch.Message(table.ID), e2e.Button(table, "hand", "*"))
		})
		check(p.U.Name() + "'s slow My hand")
	}
	hand := alice.WaitHand("the draw", func(m *discordgo.Message) bool { return e2e.Button(m, "draw", "deck") != "" })
	w.Slowly("alice's draw", false, func() (*discordtest.Response, error) {
		return alice.U.Click(hand, e2e.Button(hand, "draw", "deck"))
	})
	check("a slow draw")
	hand = alice.WaitHand("discards", func(m *discordgo.Message) bool { return e2e.Button(m, "discard", "*") != "" })
	w.Slowly("alice's discard", false, func() (*discordtest.Response, error) {
		return alice.U.Click(hand, e2e.Button(hand, "discard", x.String()))
	})
	check("a slow discard")

	// Bob's slow LARO! wins; his answer message becomes his hand with a
	// button per cluster: all of it through his token, so on his message.
	table = w.TableMessage("LARO!")
	call := w.Slowly("bob's LARO!", true, func() (*discordtest.Response, error) {
		return bob.U.Click(table, e2e.Button(table, "laro", ""))
	})
	var choice *discordgo.Message
	for deadline := time.Now().Add(10 * time.Second); choice == nil; time.Sleep(10 * time.Millisecond) {
		if m := call.Message(); e2e.Button(m, "lay", "*") != "" {
			choice = m
		}
		if time.Now().After(deadline) {
			t.Fatalf("bob's call never offered a choice of clusters; it shows:\n%s", e2e.Text(call.Message()))
		}
	}
	if choice.Flags&discordgo.MessageFlagsEphemeral == 0 {
		t.Fatalf("bob's choice of clusters is on a public message:\n%s", e2e.Text(choice))
	}
	check("a slow LARO! call won with a choice")
	w.Slowly("bob's choice of cluster", false, func() (*discordtest.Response, error) {
		return bob.U.Click(choice, e2e.Button(choice, "lay", "0"))
	})
	check("a slow choice of cluster")
	w.AtOnceWhileStalled("carol's Refresh", func() (*discordtest.Response, error) {
		// Carol's hand may be redrawn (bob just laid) between reading it
		// and clicking, as for a person: then she clicks the new one.
		for try := 0; ; try++ {
			hand := carol.Hand()
			r, err := carol.U.Click(hand, e2e.Button(hand, "refresh", "*"))
			if err == nil || try == 20 {
				return r, err
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
	check("a Refresh while the store is stalled")

	// The hands keep updating after a restart, through the stored links:
	// still never on a public message.
	w.Restart()
	hand = bob.WaitHand("discards after the restart", func(m *discordgo.Message) bool { return e2e.Button(m, "discard", "*") != "" })
	check("the restart")
	card := e2e.CardsOf(t, hand)[0]
	w.Slowly("bob's discard after the restart", false, func() (*discordtest.Response, error) {
		return bob.U.Click(hand, e2e.Button(hand, "discard", card.String()))
	})
	table = w.TableMessage("game 1")
	w.Slowly("carol's My hand after the restart", true, func() (*discordtest.Response, error) {
		return carol.U.Click(table, e2e.Button(table, "hand", "*"))
	})
	check("slow clicks after the restart")
	w.NoFailures()
}

func TestLausSlowClicksNeverShowAHandInPublic(t *testing.T) {
	t.Parallel()
	w := e2e.StalledWorld(t)
	alice, bob, carol := w.Player("alice"), w.Player("bob"), w.Player("carol")
	players := []*e2e.Player{alice, bob, carol}
	r, err := alice.U.Slash(w.Ch, "laus new", discordtest.IntOpt("target", 100000), discordtest.IntOpt("turn_timer", 600))
	e2e.Answer(t, r, err)
	lobby := w.TableMessage("Click **Join**")
	bob.Click(lobby, e2e.Button(lobby, "join", ""))
	carol.Click(lobby, e2e.Button(lobby, "join", ""))
	alice.Click(lobby, e2e.Button(lobby, "start", ""))
	table := w.TableMessage("match 1 · round 1")
	check := func(when string) { w.CheckPublicSecrecy(when, e2e.LausHidden(t, w)) }

	for _, p := range players {
		w.Slowly(p.U.Name()+"'s My hand", true, func() (*discordtest.Response, error) {
			return p.U.Click(w.Ch.Message(table.ID), e2e.Button(table, "hand", "*"))
		})
		check(p.U.Name() + "'s slow My hand")
	}
	// The skat: the first decider looks and lays back, the second passes,
	// the third looks and lays back; every decision slow.
	for i := range 3 {
		p, hand := e2e.LausMover(t, w, players)
		if e2e.Button(hand, "look", "*") == "" {
			t.Fatalf("decision %d: %s's hand offers no skat decision:\n%s", i+1, p.U.Name(), e2e.Text(hand))
		}
		if i == 1 {
			w.Slowly("a slow pass", false, func() (*discordtest.Response, error) { return p.U.Click(hand, e2e.Button(hand, "pass", "*")) })
			check("a slow pass")
			continue
		}
		w.Slowly("a slow look", false, func() (*discordtest.Response, error) { return p.U.Click(hand, e2e.Button(hand, "look", "*")) })
		check("a slow look at the skat")
		hand = p.WaitHand("the lay-back menu", func(m *discordgo.Message) bool { return e2e.Button(m, "lay", "*") != "" })
		id := e2e.Button(hand, "lay", "*")
		menu := discordtest.FindComponent(hand, id).(*discordgo.SelectMenu)
		w.Slowly("a slow lay-back", false, func() (*discordtest.Response, error) {
			return p.U.Select(hand, id, []string{menu.Options[0].Value, menu.Options[1].Value})
		})
		check("a slow lay-back")
	}
	p, hand := e2e.LausMover(t, w, players)
	w.Slowly("a slow play", false, func() (*discordtest.Response, error) { return p.U.Click(hand, e2e.Button(hand, "play", "*")) })
	check("a slow play")
	w.AtOnceWhileStalled("carol's Refresh", func() (*discordtest.Response, error) {
		for try := 0; ; try++ { // the hand may be redrawn meanwhile, as for a person
			hand := carol.Hand()
			r, err := carol.U.Click(hand, e2e.Button(hand, "refresh", "*"))
			if err == nil || try == 20 {
				return r, err
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
	check("a Refresh while the store is stalled")

	w.Restart()
	check("the restart")
	p, hand = e2e.LausMover(t, w, players)
	w.Slowly("a slow play after the restart", false, func() (*discordtest.Response, error) {
		return p.U.Click(hand, e2e.Button(hand, "play", "*"))
	})
	table = w.TableMessage("match 1 · round 1")
	w.Slowly("a slow My hand after the restart", true, func() (*discordtest.Response, error) {
		return alice.U.Click(table, e2e.Button(table, "hand", "*"))
	})
	check("slow clicks after the restart")
	w.NoFailures()
}

func TestLausSlowImBackNeverShowsAHandInPublic(t *testing.T) {
	t.Parallel()
	w := e2e.StalledWorld(t, func(o *bot.Options) { o.TurnTimerUnit = 20 * time.Millisecond })
	alice := w.Player("alice")
	r, err := alice.U.Slash(w.Ch, "laus new", discordtest.IntOpt("target", 100000), discordtest.IntOpt("turn_timer", 15))
	e2e.Answer(t, r, err)
	lobby := w.TableMessage("Click **Join**")
	alice.Click(lobby, e2e.Button(lobby, "computer", "*"))
	alice.Click(lobby, e2e.Button(lobby, "computer", "*"))
	alice.Click(lobby, e2e.Button(lobby, "start", "*"))
	alice.OpenHand(w.TableMessage("match 1 · round 1"))

	// Away three turns, alice presses I'm back on the public table, slowly.
	alice.WaitHand("the I'm back button", func(m *discordgo.Message) bool { return e2e.Button(m, "resume", "*") != "" })
	for try := 0; ; try++ {
		table := w.TableMessage("computer stands in")
		r := w.Slowly("I'm back on the table", true, func() (*discordtest.Response, error) {
			return alice.U.Click(table, e2e.Button(table, "back", "*"))
		})
		if strings.Contains(w.DeliveredText(r), "Welcome back") {
			break
		}
		if try == 5 { // a new round's table may have replaced the one she clicked
			t.Fatalf("I'm back on the table answered:\n%s", w.DeliveredText(r))
		}
	}
	w.CheckPublicSecrecy("a slow I'm back on the table", nil)

	// Away again, she presses I'm back on her own hand, slowly.
	hand := alice.WaitHand("the I'm back button again", func(m *discordgo.Message) bool { return e2e.Button(m, "resume", "*") != "" })
	r = w.Slowly("I'm back on the hand", false, func() (*discordtest.Response, error) {
		return alice.U.Click(hand, e2e.Button(hand, "resume", "*"))
	})
	if !strings.Contains(w.DeliveredText(r), "Welcome back") {
		t.Errorf("I'm back on the hand answered:\n%s", w.DeliveredText(r))
	}
	w.CheckPublicSecrecy("a slow I'm back on the hand", nil)
	w.NoFailures()
}
