package highcard_test

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot"
	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/games"
	"github.com/cardbot/cardbot/bot/internal/e2e"
	"github.com/cardbot/cardbot/bot/internal/highcard"
)

// withHighCard is the one registration line: cardbot's modules plus the
// fixture game.
func withHighCard(o *bot.Options) { o.Modules = append(slices.Clone(games.All), highcard.New) }

var (
	cardsShown = regexp.MustCompile(`Your cards: ([0-9, ]+)`)
	gameIDOn   = regexp.MustCompile(`Game #([0-9a-f]{16}) · /highcard replay game:([0-9a-f]{16})`)
)

// cardsOf reads the cards a hand message shows.
func cardsOf(t *testing.T, hand *discordgo.Message) []int {
	t.Helper()
	m := cardsShown.FindStringSubmatch(e2e.Text(hand))
	if m == nil {
		t.Fatalf("the hand shows no cards:\n%s", e2e.Text(hand))
	}
	var cs []int
	for _, f := range strings.Split(m[1], ", ") {
		c, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			t.Fatalf("card %q: %v", f, err)
		}
		cs = append(cs, c)
	}
	return cs
}

// playFirst has p open their hand from the table message and play the first
// card it offers, returning the card.
func playFirst(t *testing.T, w *e2e.World, p *e2e.Player, tableText string) int {
	t.Helper()
	hand := p.OpenHand(w.TableMessage(tableText))
	id := e2e.Button(hand, "play", "*")
	if id == "" {
		t.Fatalf("%s's hand offers no card on their turn:\n%s", p.U.Name(), e2e.Text(hand))
	}
	card, _ := strconv.Atoi(id[strings.LastIndex(id, "/")+1:])
	if cb := p.Click(hand, id); strings.Contains(e2e.Text(cb.Message), "⚠️") {
		t.Fatalf("%s's play was refused:\n%s", p.U.Name(), e2e.Text(cb.Message))
	}
	return card
}

// TestAThirdGameGetsEverythingFromTheSharedMachinery plays the fixture game
// black-box, through the real transport and the fake Discord: the server's
// turn timer applies to its lobby, three players join, hands are private and
// only the player whose turn it is can play, the bot restarts mid-game and
// the game goes on, the staked pot goes to the highest card, and the game is
// in its players' history and replays to its end.
func TestAThirdGameGetsEverythingFromTheSharedMachinery(t *testing.T) {
	w := e2e.NewWorld(t, withHighCard)
	alice, bob, carol := w.Player("alice"), w.Player("bob"), w.Player("carol")
	players := []*e2e.Player{alice, bob, carol}

	// Settings: the server's default turn timer reaches the new game's lobby.
	alice.U.SetPermissions(discordtest.DefaultUserPermissions | discordgo.PermissionManageGuild)
	r, err := alice.U.Slash(w.Ch, "cardbot settings", discordtest.IntOpt("turn_timer", 120))
	if text := e2e.Text(e2e.Answer(t, r, err).Message); !strings.Contains(text, "`/laus new` or `/highcard new`") {
		t.Errorf("the settings page does not name the registered game's /new:\n%s", text)
	}
	r, err = alice.U.Slash(w.Ch, "highcard new", discordtest.IntOpt("stake", 10))
	if cb := e2e.Answer(t, r, err); !cb.Ephemeral || !strings.Contains(e2e.Text(cb.Message), "is open") {
		t.Fatalf("/highcard new answered %q, want a private confirmation", e2e.Text(cb.Message))
	}
	lobby := w.TableMessage("Click **Join**")
	if text := e2e.Text(lobby); !strings.Contains(text, "Stake **10** · turn timer **120 s**") {
		t.Errorf("the lobby does not show the stake and the server's turn timer:\n%s", text)
	}

	// The shared lobby: join, then the host starts.
	bob.Click(lobby, e2e.Button(lobby, "join", ""))
	carol.Click(w.Ch.Message(lobby.ID), e2e.Button(lobby, "join", ""))
	lobby = w.TableMessage(e2e.Named(carol))
	alice.Click(lobby, e2e.Button(lobby, "start", ""))
	w.TableMessage("game 1")
	for _, p := range players {
		if bal, err := w.St.Balance(t.Context(), w.Guild.ID(), p.U.ID()); err != nil || bal.Total != 990 || bal.Held != 0 {
			t.Fatalf("%s after the deal: %+v (%v), want the stake of 10 in the pot", p.U.Name(), bal, err)
		}
	}

	// Private hands, and turns: bob's hand shows his cards but no card to
	// play while it is alice's turn, and no hand reaches the channel.
	hands := map[*e2e.Player][]int{}
	for _, p := range players {
		hand := p.OpenHand(w.TableMessage("game 1"))
		hands[p] = cardsOf(t, hand)
		if e2e.Button(hand, "play", "*") != "" && p != alice {
			t.Errorf("%s may play on alice's turn:\n%s", p.U.Name(), e2e.Text(hand))
		}
	}
	for _, m := range w.Ch.Messages() {
		if strings.Contains(e2e.Text(m), "Your cards") {
			t.Errorf("a hand was posted in the channel:\n%s", e2e.Text(m))
		}
	}

	played := map[*e2e.Player]int{}
	played[alice] = playFirst(t, w, alice, "alice's turn")
	if !slices.Contains(hands[alice], played[alice]) {
		t.Fatalf("alice played %d, not one of her cards %v", played[alice], hands[alice])
	}

	// Restart recovery: the game goes on where it was, at bob's turn.
	w.TableMessage("bob's turn")
	w.Restart()
	if text := e2e.Text(w.TableMessage("cardbot restarted")); !strings.Contains(text, "alice: **"+strconv.Itoa(played[alice])+"**") {
		t.Errorf("after the restart the table no longer shows alice's %d:\n%s", played[alice], text)
	}
	played[bob] = playFirst(t, w, bob, "bob's turn")
	played[carol] = playFirst(t, w, carol, "carol's turn")

	// Chips: the highest card takes the pot of 30.
	final := e2e.Text(w.TableMessage("[Play again]"))
	winner := alice
	for _, p := range players {
		if played[p] > played[winner] {
			winner = p
		}
	}
	if !strings.Contains(final, "🏆 "+e2e.Named(winner)+" wins with "+strconv.Itoa(played[winner])) {
		t.Errorf("the final table does not name %s, who played %d, the winner:\n%s", winner.U.Name(), played[winner], final)
	}
	for _, p := range players {
		want := int64(990)
		if p == winner {
			want = 1020
		}
		if bal, err := w.St.Balance(t.Context(), w.Guild.ID(), p.U.ID()); err != nil || bal.Total != want || bal.Held != 0 {
			t.Errorf("%s after the game: %+v (%v), want %d and nothing held", p.U.Name(), bal, err, want)
		}
	}

	// History and replay, drawn by the shared history package.
	m := gameIDOn.FindStringSubmatch(final)
	if m == nil || m[1] != m[2] {
		t.Fatalf("the finished table does not show its game ID:\n%s", final)
	}
	id := m[1]
	r, err = bob.U.Slash(w.Ch, "highcard history")
	if cb := e2e.Answer(t, r, err); !cb.Ephemeral || !strings.Contains(e2e.Text(cb.Message), id) {
		t.Errorf("bob's /highcard history (ephemeral %v) does not list the game:\n%s", cb.Ephemeral, e2e.Text(cb.Message))
	}
	r, err = bob.U.Slash(w.Ch, "highcard replay", discordtest.StrOpt("game", id))
	viewer := e2e.Answer(t, r, err).Message
	if text := e2e.Text(viewer); !strings.Contains(text, "The deal.") {
		t.Errorf("the replay does not open at the deal:\n%s", text)
	}
	for steps := 0; ; steps++ {
		next := discordtest.FindComponent(viewer, e2e.Button(viewer, "replay", "next")).(*discordgo.Button)
		if next.Disabled {
			if steps != 3 {
				t.Errorf("the replay has %d steps after the deal, want the 3 plays", steps)
			}
			break
		}
		viewer = bob.Click(viewer, next.CustomID).Message
	}
	if text := e2e.Text(viewer); !strings.Contains(text, "wins with "+strconv.Itoa(played[winner])) {
		t.Errorf("the replay's last step does not show the result:\n%s", text)
	}
	// Another game's replay, given the ID, points to this game's command,
	// which it finds in the catalog.
	r, err = bob.U.Slash(w.Ch, "laro replay", discordtest.StrOpt("game", id))
	if text := e2e.Text(e2e.Answer(t, r, err).Message); !strings.Contains(text, "open it with `/highcard replay game:"+id+"`") {
		t.Errorf("/laro replay of a High card game answered %q, want the way to /highcard replay", text)
	}
	w.NoFailures()
}

// TestAThirdGamePlaysAgain: the shared Play again and ready check start the
// fixture's next game at the same table once both players are in.
func TestAThirdGamePlaysAgain(t *testing.T) {
	w := e2e.NewWorld(t, withHighCard)
	alice, bob := w.Player("alice"), w.Player("bob")
	r, err := alice.U.Slash(w.Ch, "highcard new")
	e2e.Answer(t, r, err)
	lobby := w.TableMessage("Click **Join**")
	bob.Click(lobby, e2e.Button(lobby, "join", ""))
	lobby = w.TableMessage(e2e.Named(bob))
	alice.Click(lobby, e2e.Button(lobby, "start", ""))
	playFirst(t, w, alice, "alice's turn")
	playFirst(t, w, bob, "bob's turn")

	final := w.TableMessage("[Play again]")
	alice.Click(final, e2e.Button(final, "again", "*"))
	waiting := w.TableMessage("Waiting for: " + e2e.Named(bob))
	cb := bob.Click(waiting, e2e.Button(waiting, "again", "*"))
	if !cb.Ephemeral || !strings.Contains(e2e.Text(cb.Message), "Your cards") {
		t.Errorf("bob's I'm in answered %q, want his hand of the next game", e2e.Text(cb.Message))
	}
	if text := e2e.Text(w.TableMessage("game 2")); !strings.Contains(text, "alice's turn") {
		t.Errorf("the second game's table does not start at alice's turn:\n%s", text)
	}
	live, err := w.St.LiveGames(t.Context())
	if err != nil || len(live) != 1 || live[0].Kind != highcard.Kind || live[0].Status.String() != "playing" {
		t.Errorf("live games %+v (%v), want the second High card game being played", live, err)
	}
	w.NoFailures()
}

// TestAThirdGamesCardFacesAreEmojis: the faces the fixture registers in its
// catalog entry are uploaded by the shared emoji set beside Laro's and
// Laus's, and its hand's card buttons show them.
func TestAThirdGamesCardFacesAreEmojis(t *testing.T) {
	w := e2e.NewWorld(t, withHighCard, e2e.CardEmojis)
	alice := w.Player("alice")
	r, err := alice.U.Slash(w.Ch, "highcard new")
	e2e.Answer(t, r, err)
	lobby := w.TableMessage("Click **Join**")
	alice.Click(lobby, e2e.Button(lobby, "computer", "*"))
	alice.Click(w.Ch.Message(lobby.ID), e2e.Button(lobby, "start", ""))
	hand := alice.OpenHand(w.TableMessage("alice's turn"))
	hand = alice.RefreshUntil(hand, "card faces on the cards to play", func(m *discordgo.Message) bool {
		bs := e2e.CardButtons(m, "play")
		for _, b := range bs {
			if b.Emoji == nil || b.Emoji.ID == "" {
				return false
			}
		}
		return len(bs) == 3
	})
	owned := map[string]string{}
	for _, e := range w.Srv.ApplicationEmojis() {
		owned[e.ID] = e.Name
	}
	for _, b := range e2e.CardButtons(hand, "play") {
		card := strings.TrimPrefix(b.Label, "Play ")
		if name := owned[b.Emoji.ID]; !strings.HasPrefix(name, "highcard_"+card+"_") {
			t.Errorf("button %q shows emoji %q, want the face of card %s", b.Label, name, card)
		}
	}
	if n := len(owned); n != 60+1+32+20 {
		t.Errorf("the application has %d emojis, want Laro's 61, Laus's 32 and High card's 20 faces", n)
	}
	w.NoFailures()
}
