package guildsettings_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/internal/e2e"
	"github.com/cardbot/cardbot/store"
)

// moderator is a member with Manage Messages, and nothing more.
func moderator(w *e2e.World, name string) *e2e.Player {
	p := w.Player(name)
	p.U.SetPermissions(discordtest.DefaultUserPermissions | discordgo.PermissionManageMessages)
	return p
}

func TestModeratorClosesAStakedTableMidGame(t *testing.T) {
	w := e2e.NewWorld(t, e2e.LongDeal(t, 2, 3))
	alice, bob, mia := w.Player("alice"), w.Player("bob"), moderator(w, "mia")
	players := []*e2e.Player{alice, bob}
	ctx := t.Context()
	before := map[string]int64{}
	for _, p := range players {
		b, err := w.St.Balance(ctx, w.Guild.ID(), p.U.ID())
		if err != nil {
			t.Fatal(err)
		}
		before[p.U.ID()] = b.Total
	}
	table := e2e.OpenTable(t, w, alice, []*e2e.Player{bob}, e2e.QuickOpts(2)...)
	e2e.PlayTurns(t, w, players, 3)
	live, err := w.St.LiveGames(ctx)
	if err != nil || len(live) != 1 || live[0].Pot != 10 {
		t.Fatalf("live games = %+v, %v; want one with the two antes (10) in its pot", live, err)
	}
	game := live[0]
	if b, _ := w.St.Balance(ctx, w.Guild.ID(), alice.U.ID()); b.Held == 0 {
		t.Fatalf("alice has nothing held mid-game: %+v", b)
	}

	// The moderator finds the table by typing a player's name.
	choices, err := mia.U.Autocomplete(w.Ch, "cardbot close", "table", "bob")
	if err != nil || len(choices) != 1 {
		t.Fatalf("autocomplete for %q = %v, %v; want the one table", "bob", choices, err)
	}
	if name := choices[0].Name; !strings.Contains(name, "Laro") || !strings.Contains(name, "alice") {
		t.Errorf("the choice reads %q, want the game and its players", name)
	}
	value, _ := choices[0].Value.(string)

	// A member without Manage Messages sees the command, but is refused, and
	// is offered no tables.
	if cs, err := bob.U.Autocomplete(w.Ch, "cardbot close", "table", ""); err != nil || len(cs) != 0 {
		t.Errorf("bob's autocomplete = %v, %v; want no tables", cs, err)
	}
	r, err := bob.U.Slash(w.Ch, "cardbot close", discordtest.StrOpt("table", value))
	if cb := e2e.Answer(t, r, err); !cb.Ephemeral || !strings.Contains(e2e.Text(cb.Message), "Manage Messages") {
		t.Errorf("bob's close answered %q, want a private refusal naming Manage Messages", e2e.Text(cb.Message))
	}
	if g, _ := w.St.Game(ctx, game.ID); g.Status != store.StatusPlaying {
		t.Fatalf("after bob's refused close the game is %s", g.Status)
	}

	r, err = mia.U.Slash(w.Ch, "cardbot close", discordtest.StrOpt("table", value))
	cb := e2e.Answer(t, r, err)
	if !cb.Ephemeral || !strings.Contains(e2e.Text(cb.Message), "Closed Laro table") {
		t.Errorf("mia's close answered %q, want a private confirmation", e2e.Text(cb.Message))
	}

	// Every chip is accounted for: the antes are back and nothing is held.
	for _, p := range players {
		b, err := w.St.Balance(ctx, w.Guild.ID(), p.U.ID())
		if err != nil {
			t.Fatal(err)
		}
		if b.Total != before[p.U.ID()] || b.Held != 0 {
			t.Errorf("%s after the close: %+v, want total %d and nothing held", p.U.Name(), b, before[p.U.ID()])
		}
	}
	g, _ := w.St.Game(ctx, game.ID)
	if g.Status != store.StatusCancelled || g.Pot != 0 {
		t.Errorf("the game is %s with %d in its pot, want cancelled and empty", g.Status, g.Pot)
	}
	if c, err := w.St.GameClosure(ctx, game.ID); err != nil || c.By != mia.U.ID() {
		t.Errorf("closure = %+v, %v; want closed by mia", c, err)
	}

	// The players are told: the table message says who closed it and loses
	// its buttons, and one message pings both of them.
	closed := w.WaitMessage(table.ID, "the closed table", func(m *discordgo.Message) bool {
		return strings.Contains(e2e.Text(m), "Closed by mia")
	})
	if len(discordtest.CustomIDs(closed)) != 0 {
		t.Errorf("the closed table still has buttons:\n%s", e2e.Text(closed))
	}
	note := w.TableMessage("was closed by mia")
	for _, p := range players {
		if !strings.Contains(note.Content, "<@"+p.U.ID()+">") {
			t.Errorf("the closing note does not mention %s: %q", p.U.Name(), note.Content)
		}
	}

	// Their old hands are refused, and they are free to sit down elsewhere.
	hand := alice.Hand()
	ids := discordtest.CustomIDs(hand)
	if len(ids) == 0 {
		t.Fatalf("alice's hand shows no button to try:\n%s", e2e.Text(hand))
	}
	r, err = alice.U.Click(hand, ids[0])
	if cb := e2e.Answer(t, r, err); !strings.Contains(e2e.Text(cb.Message), "closed") {
		t.Errorf("a click on the closed table's hand answered %q", e2e.Text(cb.Message))
	}
	r, err = alice.U.Slash(w.Ch, "laro new")
	if cb := e2e.Answer(t, r, err); !strings.Contains(e2e.Text(cb.Message), "is open in this channel") {
		t.Errorf("alice could not open a new table after the close: %q", e2e.Text(cb.Message))
	}

	// Closing it again finds nothing.
	r, err = mia.U.Slash(w.Ch, "cardbot close", discordtest.StrOpt("table", value))
	if cb := e2e.Answer(t, r, err); !strings.Contains(e2e.Text(cb.Message), "No open table") {
		t.Errorf("a second close answered %q", e2e.Text(cb.Message))
	}
	w.NoFailures()
}

func TestSettingsResetBringsBackTheDefault(t *testing.T) {
	w := e2e.NewWorld(t)
	ann := admin(w, "ann")
	r, err := ann.U.Slash(w.Ch, "cardbot settings", discordtest.IntOpt("stake", 5))
	e2e.Answer(t, r, err)
	r, err = ann.U.Slash(w.Ch, "cardbot settings", discordtest.StrOpt("reset", "stake"))
	cb := e2e.Answer(t, r, err)
	if got := field(cb.Message, "Stake (Laro)"); got != "**1** chips per point (cardbot's default)" {
		t.Errorf("after reset:stake the stake shows %q", got)
	}
	if _, err := ann.U.Slash(w.Ch, "cardbot settings", discordtest.StrOpt("reset", "colour")); !errors.Is(err, discordtest.ErrBadOption) {
		t.Errorf("reset:colour was accepted by Discord (err %v); it offers only the settings' names", err)
	}
	w.NoFailures()
}
