package laro_test

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/internal/e2e"
	"github.com/cardbot/cardbot/engine/laro"
	"github.com/cardbot/cardbot/store"
)

var (
	gameIDOnTable = regexp.MustCompile(`Game #([0-9a-f]{16}) · /laro replay game:([0-9a-f]{16})`)
	stepTitle     = regexp.MustCompile(`step (\d+)/(\d+)$`)
)

// playFinishedGame plays alice's solo game to its end and returns the game
// ID the finished table shows. Solo, draws take effect at once (there is no
// LARO! window), which keeps the test quick on a loaded machine.
func playFinishedGame(t *testing.T, w *e2e.World, alice *e2e.Player) (string, *discordgo.Message) {
	t.Helper()
	r, err := alice.U.Slash(w.Ch, "laro new", e2e.QuickOpts(0)...)
	e2e.Answer(t, r, err)
	lobby := w.TableMessage("Click **Join**")
	alice.Click(lobby, e2e.Button(lobby, "start", ""))
	alice.OpenHand(w.TableMessage("game 1"))
	final := e2e.PlayToEnd(t, w, []*e2e.Player{alice})
	m := gameIDOnTable.FindStringSubmatch(final)
	if m == nil || m[1] != m[2] {
		t.Fatalf("the finished table does not show its game ID and replay command:\n%s", final)
	}
	return m[1], w.TableMessage("[Play again]")
}

// step reads the step and the last step from a viewer's title.
func step(t *testing.T, m *discordgo.Message) (int, int) {
	t.Helper()
	if m == nil || len(m.Embeds) == 0 {
		t.Fatalf("not a replay viewer: %q", e2e.Text(m))
	}
	s := stepTitle.FindStringSubmatch(m.Embeds[0].Title)
	if s == nil {
		t.Fatalf("not a replay viewer: %q", e2e.Text(m))
	}
	k, _ := strconv.Atoi(s[1])
	n, _ := strconv.Atoi(s[2])
	return k, n
}

// engineSteps replays the stored log with the engine alone: the state
// after each move, which the viewer must show.
func engineSteps(t *testing.T, w *e2e.World, id string) []*laro.Game {
	t.Helper()
	g, recs, err := w.St.LoadGame(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	var seed uint64
	var dealer int
	if _, err := fmt.Sscanf(string(recs[0].Data), "start %x %d", &seed, &dealer); err != nil {
		t.Fatal(err)
	}
	var moves []laro.Action
	for _, r := range recs[1:] {
		if a, err := laro.ParseAction(string(r.Data)); err == nil {
			moves = append(moves, a)
		}
	}
	var out []*laro.Game
	for k := range len(moves) + 1 {
		gk, err := laro.Replay(laro.Config{Seats: len(g.Seats), Dealer: dealer}, seed, moves[:k])
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, gk)
	}
	return out
}

// checkStep compares a viewer message with the engine's state: every
// seat's hand, the discard pile and the deck.
func checkStep(t *testing.T, m *discordgo.Message, g *laro.Game) {
	t.Helper()
	k, _ := step(t, m)
	for s := range g.Config().Seats {
		var syms []string
		for _, c := range g.Hand(s) {
			syms = append(syms, c.Symbol())
		}
		f := m.Embeds[0].Fields[3+s]
		if !strings.Contains(f.Value, strings.Join(syms, " ")) {
			t.Fatalf("step %d: seat %d shows %q, the engine holds %v", k, s+1, f.Value, syms)
		}
	}
	top := "empty"
	if c, ok := g.TopDiscard(); ok {
		top = c.Symbol()
	}
	if got := m.Embeds[0].Fields[0].Value; !strings.Contains(got, top) {
		t.Fatalf("step %d: discard shows %q, the engine has %s", k, got, top)
	}
	unit := "cards"
	if g.DeckSize() == 1 {
		unit = "card" // the viewer says "1 card"; some deals reach it
	}
	if got, want := m.Embeds[0].Fields[1].Value, fmt.Sprintf("%d %s ", g.DeckSize(), unit); !strings.HasPrefix(got, want) {
		t.Fatalf("step %d: deck shows %q, want %q", k, got, want)
	}
}

func TestLaroHistoryAndReplay(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	alice, bob := w.Player("alice"), w.Player("bob")
	id, _ := playFinishedGame(t, w, alice)

	// History: alice's game, for her and for anyone who asks about her.
	r, err := alice.U.Slash(w.Ch, "laro history")
	cb := e2e.Answer(t, r, err)
	if !cb.Ephemeral || !strings.Contains(e2e.Text(cb.Message), "`"+id+"`") || !strings.Contains(e2e.Text(cb.Message), "· solo ·") {
		t.Fatalf("/laro history answered (ephemeral %v):\n%s", cb.Ephemeral, e2e.Text(cb.Message))
	}
	r, err = bob.U.Slash(w.Ch, "laro history", discordtest.UserOpt("player", alice.U))
	if m := e2e.Reply(t, r, err); !strings.Contains(e2e.Text(m), id) {
		t.Errorf("bob's look at alice's history:\n%s", e2e.Text(m))
	}
	r, err = bob.U.Slash(w.Ch, "laro history")
	if m := e2e.Reply(t, r, err); !strings.Contains(e2e.Text(m), "No finished Laro game yet") {
		t.Errorf("bob has played nothing, his history shows:\n%s", e2e.Text(m))
	}

	// Autocomplete offers alice her game as she types its ID, and bob nothing.
	for _, typed := range []string{"", id[:3], "#" + strings.ToUpper(id[:5])} {
		cs, err := alice.U.Autocomplete(w.Ch, "laro replay", "game", typed)
		if err != nil || len(cs) != 1 || cs[0].Value != id || !strings.Contains(cs[0].Name, id) {
			t.Errorf("alice typing %q: choices %v (%v), want her game %s", typed, cs, err, id)
		}
	}
	if cs, err := alice.U.Autocomplete(w.Ch, "laro replay", "game", "zz"); err != nil || len(cs) != 0 {
		t.Errorf("typing a non-ID: choices %v (%v), want none", cs, err)
	}
	if _, err := alice.U.Autocomplete(w.Ch, "laro new", "stake", "1"); !errors.Is(err, discordtest.ErrBadOption) {
		t.Errorf("autocomplete on an option without it: err = %v, want ErrBadOption", err)
	}
	if cs, err := bob.U.Autocomplete(w.Ch, "laro replay", "game", ""); err != nil || len(cs) != 0 {
		t.Errorf("bob's choices %v (%v), want none: he played no game", cs, err)
	}

	// The replay: step through every move with ▶; each step shows what the
	// engine's own replay holds at that point.
	states := engineSteps(t, w, id)
	r, err = alice.U.Slash(w.Ch, "laro replay", discordtest.StrOpt("game", id))
	cb = e2e.Answer(t, r, err)
	if !cb.Ephemeral {
		t.Fatal("the replay viewer is not ephemeral")
	}
	viewer := cb.Message
	if k, last := step(t, viewer); k != 0 || last != len(states)-1 {
		t.Fatalf("viewer opens at step %d of %d, want 0 of %d", k, last, len(states)-1)
	}
	checkStep(t, viewer, states[0])
	for k := 1; k < len(states); k++ {
		viewer = alice.Click(viewer, e2e.Button(viewer, "replay", "next")).Message
		if got, _ := step(t, viewer); got != k {
			t.Fatalf("▶ led to step %d, want %d", got, k)
		}
		checkStep(t, viewer, states[k])
	}
	if !strings.Contains(viewer.Embeds[0].Description, "won with") && !strings.Contains(viewer.Embeds[0].Description, "no winner") {
		t.Errorf("the last step does not tell the end:\n%s", viewer.Embeds[0].Description)
	}
	if b := discordtest.FindComponent(viewer, e2e.Button(viewer, "replay", "next")).(*discordgo.Button); !b.Disabled {
		t.Error("▶ is enabled on the last step")
	}

	// ⏮ and the jump menu, also after a restart: the viewer keeps no state
	// in the bot.
	w.Restart()
	viewer = alice.Click(viewer, e2e.Button(viewer, "replay", "first")).Message
	if k, _ := step(t, viewer); k != 0 {
		t.Fatalf("⏮ led to step %d", k)
	}
	menu := discordtest.FindComponent(viewer, e2e.Button(viewer, "replay", "jump")).(*discordgo.SelectMenu)
	if len(menu.Options) < 2 || len(menu.Options) > 25 {
		t.Fatalf("jump menu has %d entries", len(menu.Options))
	}
	pick := menu.Options[len(menu.Options)/2]
	r, err = alice.U.Select(viewer, menu.CustomID, []string{pick.Value})
	viewer = e2e.Answer(t, r, err).Message
	if k, _ := step(t, viewer); strconv.Itoa(k) != pick.Value {
		t.Fatalf("jumping to %q (%s) showed step %d", pick.Label, pick.Value, k)
	} else {
		checkStep(t, viewer, states[k])
	}
	w.NoFailures()
}

func TestLaroReplayRefusals(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	alice := w.Player("alice")
	id := storeFinishedGame(t, w.St, w.Guild.ID(), w.Ch.ID(), []string{alice.U.ID(), "42"}, 7)
	refusal := func(what string, r *discordtest.Response, err error, want string) {
		t.Helper()
		cb := e2e.Answer(t, r, err)
		text := e2e.Text(cb.Message)
		if !cb.Ephemeral || !strings.Contains(text, want) || len(cb.Message.Embeds) != 0 || strings.Count(text, "\n") > 0 {
			t.Errorf("%s: answered (ephemeral %v) %q, want one ephemeral line with %q", what, cb.Ephemeral, text, want)
		}
	}
	replay := func(raw string) (*discordtest.Response, error) {
		return alice.U.Slash(w.Ch, "laro replay", discordtest.StrOpt("game", raw))
	}

	r, err := replay("not-an-id!")
	refusal("malformed ID", r, err, "is not a game ID")
	r, err = replay("ffffffffffffffff")
	refusal("unknown ID", r, err, "There is no Laro game with ID `ffffffffffffffff`")
	r, err = alice.U.Slash(w.Ch, "laus replay", discordtest.StrOpt("match", id))
	refusal("a Laro game asked of /laus", r, err, "open it with `/laro replay game:"+id+"`")

	// A game still running (alice's solo practice): its replay is refused,
	// and no card of it is shown.
	r, err = alice.U.Slash(w.Ch, "laro new", e2e.QuickOpts(0)...)
	e2e.Answer(t, r, err)
	lobby := w.TableMessage("Click **Join**")
	alice.Click(lobby, e2e.Button(lobby, "start", ""))
	w.TableMessage("game 1")
	live, err := w.St.LiveGames(t.Context())
	if err != nil || len(live) != 1 {
		t.Fatalf("live games %v (%v), want the new one", live, err)
	}
	r, err = replay(live[0].ID)
	refusal("running game", r, err, "is still being played")
	r, err = alice.U.ForgeClick(w.Ch, fmt.Sprintf("v1/laro/%s/1/replay/next", live[0].ID))
	refusal("a forged viewer click on a running game", r, err, "is still being played")

	// Another server's game, asked for here; and a viewer click made in
	// another server on this server's game.
	elsewhere := storeFinishedGame(t, w.St, "999", "998", []string{alice.U.ID()}, 8)
	r, err = replay(elsewhere)
	refusal("another server's game", r, err, "was played in another server")
	other := w.Srv.AddGuild("other server").AddChannel("tables")
	r, err = alice.U.ForgeClick(other, fmt.Sprintf("v1/laro/%s/1/replay/next", id))
	refusal("viewer click in another server", r, err, "was played in another server")

	// A forged step beyond the game's end.
	r, err = alice.U.ForgeClick(w.Ch, fmt.Sprintf("v1/laro/%s/99999/replay/next", id))
	refusal("step beyond the end", r, err, "has steps 0 to")
	w.NoFailures()
}

// storeFinishedGame stores a finished game of the given seats, played by
// the engine's computer player, as a table stores one: the deal record,
// then every move, the last closing the game.
func storeFinishedGame(t *testing.T, st *store.Store, guild, channel string, users []string, seed uint64) string {
	t.Helper()
	var seats []store.Seat
	for _, u := range users {
		seats = append(seats, store.Seat{User: u})
	}
	g, err := st.CreateGame(t.Context(), store.Game{Kind: store.KindLaro, Guild: guild, Channel: channel, Host: users[0],
		Seats: seats, Status: store.StatusPlaying, Settings: []byte(`{"game_no":1}`)})
	if err != nil {
		t.Fatal(err)
	}
	eg, err := laro.New(laro.Config{Seats: len(users)}, seed)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Now()
	add := func(data string, status store.Status) {
		at = at.Add(time.Second)
		rec := store.ActionRecord{GameID: g.ID, Seq: g.LastSeq + 1, Data: []byte(data), At: at, Status: status}
		if err := st.AppendAction(t.Context(), rec, nil); err != nil {
			t.Fatal(err)
		}
		g.LastSeq++
	}
	add(fmt.Sprintf("start %x 0", seed), store.StatusNone)
	for !eg.Over() {
		a, _ := laro.Choose(laro.Computer{}, eg.View(eg.Turn()))
		if err := eg.Apply(a); err != nil {
			t.Fatal(err)
		}
		status := store.StatusNone
		if eg.Over() {
			status = store.StatusFinished
		}
		add(a.String(), status)
	}
	return g.ID
}

// TestLaroHistoryPages pages through a long history with its buttons, and
// opens the replay of a game found there.
func TestLaroHistoryPages(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	alice, bob := w.Player("alice"), w.Player("bob")
	var ids []string
	for seed := range uint64(12) {
		ids = append(ids, storeFinishedGame(t, w.St, w.Guild.ID(), w.Ch.ID(), []string{alice.U.ID(), bob.U.ID()}, seed+1))
	}
	elsewhere := storeFinishedGame(t, w.St, "999", "998", []string{alice.U.ID()}, 99)

	r, err := alice.U.Slash(w.Ch, "laro history")
	page := e2e.Answer(t, r, err).Message
	listed := func(m *discordgo.Message) []string {
		var out []string
		for _, id := range append(ids, elsewhere) {
			if strings.Contains(m.Embeds[0].Description, id) {
				out = append(out, id)
			}
		}
		return out
	}
	first := listed(page)
	if len(first) != 10 || slices.Contains(first, elsewhere) {
		t.Fatalf("page 1 lists %d of alice's games (another server's: %v), want 10 of this server:\n%s",
			len(first), slices.Contains(first, elsewhere), e2e.Text(page))
	}
	if i := strings.Index(page.Embeds[0].Description, ids[11]); i < 0 || i > strings.Index(page.Embeds[0].Description, ids[2]) {
		t.Errorf("the newest game is not listed first:\n%s", page.Embeds[0].Description)
	}
	page = alice.Click(page, e2e.Button(page, "history", "next")).Message
	second := listed(page)
	if len(second) != 2 || slices.Contains(first, second[0]) || slices.Contains(first, second[1]) {
		t.Fatalf("page 2 lists %v, want the two oldest", second)
	}
	if b := discordtest.FindComponent(page, e2e.Button(page, "history", "next")).(*discordgo.Button); !b.Disabled {
		t.Error("Older is enabled on the last page")
	}
	page = alice.Click(page, e2e.Button(page, "history", "prev")).Message
	if got := listed(page); !slices.Equal(got, first) {
		t.Errorf("back on page 1: %v, want %v", got, first)
	}

	// bob opens one of them (he sat there too), straight at its last step.
	r, err = bob.U.Slash(w.Ch, "laro replay", discordtest.StrOpt("game", ids[0]))
	viewer := e2e.Answer(t, r, err).Message
	viewer = bob.Click(viewer, e2e.Button(viewer, "replay", "last")).Message
	checkStep(t, viewer, engineSteps(t, w, ids[0])[len(engineSteps(t, w, ids[0]))-1])
	w.NoFailures()
}
