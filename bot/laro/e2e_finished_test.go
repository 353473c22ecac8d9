package laro_test

import (
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/internal/e2e"
	"github.com/cardbot/cardbot/store"
)

// blindEnd is a Laro game whose end was stored but never shown: the bot
// stopped before its final table message reached Discord.
type blindEnd struct {
	w       *e2e.World
	players []*e2e.Player
	table   *discordgo.Message // the game's table message, as the crash left it
	game    store.Game
	ending  string           // how the winner's own hand showed the end
	start   map[string]int64 // each player's chips before the game
}

// finishBlind has alice and bob play a staked game to its winning move,
// which is made while Discord refuses the bot's channel messages; then the
// bot stops, as a crash right after the final commit would leave things.
func finishBlind(t *testing.T) *blindEnd {
	t.Helper()
	w := e2e.NewWorld(t, e2e.Seed(1))
	b := &blindEnd{w: w, players: []*e2e.Player{w.Player("alice"), w.Player("bob")}, start: map[string]int64{}}
	for _, p := range b.players {
		bal, err := w.St.Balance(t.Context(), w.Guild.ID(), p.U.ID())
		if err != nil {
			t.Fatal(err)
		}
		b.start[p.U.ID()] = bal.Total
	}
	// On the channel endpoint, so that refusing the channel keeps the end
	// from the table message.
	b.table = e2e.OpenTableOnChannel(t, w, b.players[0], b.players[1:], e2e.QuickOpts(1)...)
	winner, hand := e2e.PlayUntilWin(t, w, b.players)
	w.RefuseChannel(true)
	cb := winner.Click(hand, e2e.Button(hand, "win", ""))
	b.ending = e2e.Text(cb.Message)
	if !strings.Contains(b.ending, "wins with") {
		t.Fatalf("the winning click answered:\n%s", b.ending)
	}
	finished, err := w.St.RecentlyFinishedGames(t.Context(), time.Now())
	if err != nil || len(finished) != 1 {
		t.Fatalf("after the win the store has %d tables open after their game (%v), want 1", len(finished), err)
	}
	b.game = finished[0]
	w.Stop()
	w.RefuseChannel(false)
	b.table = w.Ch.Message(b.table.ID)
	if e2e.Button(b.table, "again", "") != "" || strings.Contains(e2e.Text(b.table), "wins with") {
		t.Fatalf("the game's end reached the table message before the stop; nothing was lost:\n%s", e2e.Text(b.table))
	}
	return b
}

// chipsLine reads the "Chips:" line of a final table message: each named
// player's gain or loss.
var chipsLine = regexp.MustCompile(`([^ ·*:]+) ([+-]\d+)`)

func TestLaroFinishedTableIsRebuiltAfterACrash(t *testing.T) {
	t.Parallel()
	b := finishBlind(t)
	w := b.w
	w.Start()

	// The table message shows the end the winner saw, with Play again.
	final := w.WaitMessage(b.table.ID, "the game's end with Play again", func(m *discordgo.Message) bool {
		return e2e.Button(m, "again", "") != ""
	})
	text := e2e.Text(final)
	for _, want := range []string{lineWith(b.ending, "wins with"), "**Chips:**", "Game #" + b.game.ID, "[Leave table]"} {
		if !strings.Contains(text, want) {
			t.Errorf("the rebuilt table message does not show %q:\n%s", want, text)
		}
	}
	if e2e.Button(final, "hand", "*") != "" {
		t.Errorf("the rebuilt table message still offers the game's buttons:\n%s", text)
	}

	// The chips moved once, with the final action: the restart moved none.
	chips := text[strings.Index(text, "**Chips:**"):]
	chips = chips[:strings.IndexByte(chips+"\n", '\n')]
	shown := chipsLine.FindAllStringSubmatch(chips, -1)
	if len(shown) != len(b.players) {
		t.Fatalf("the chips line %q names %d players, want %d", chips, len(shown), len(b.players))
	}
	idOf := map[string]string{}
	for _, p := range b.players {
		idOf[e2e.Named(p)] = p.U.ID()
	}
	var sum int64
	for _, s := range shown {
		delta, _ := strconv.ParseInt(s[2], 10, 64)
		sum += delta
		id, ok := idOf[s[1]]
		if !ok {
			t.Fatalf("the chips line names %q, who is not seated", s[1])
		}
		bal, err := w.St.Balance(t.Context(), w.Guild.ID(), id)
		if err != nil {
			t.Fatal(err)
		}
		if want := b.start[id] + delta; bal.Total != want || bal.Held != 0 {
			t.Errorf("%s has %d chips (%d held) after the restart, want %d (%d%+d) and none held", s[1], bal.Total, bal.Held, want, b.start[id], delta)
		}
	}
	if sum != 0 {
		t.Errorf("the chips line %q does not add up to zero", chips)
	}

	// Play again starts the next game with the same players.
	w.PlayAgain(final, b.players[1], b.players[0])
	next := w.TableMessage("game 2")
	for _, p := range b.players {
		if !strings.Contains(e2e.Text(next), e2e.Named(p)) {
			t.Errorf("game 2's table message does not seat %s:\n%s", p.U.Name(), e2e.Text(next))
		}
	}
	live, err := w.St.LiveGames(t.Context())
	if err != nil || len(live) != 1 || live[0].TableID != b.game.TableID || live[0].Status != store.StatusPlaying {
		t.Fatalf("after Play again the live games are %+v (%v), want game 2 of table %s", live, err, b.game.TableID)
	}
	if got := []string{live[0].Seats[0].User, live[0].Seats[1].User}; !slices.Equal(got, []string{b.players[0].U.ID(), b.players[1].U.ID()}) {
		t.Errorf("game 2 seats %v, want alice and bob", got)
	}
	old := w.WaitMessage(b.table.ID, "no buttons once game 2 began", func(m *discordgo.Message) bool {
		return len(discordtest.CustomIDs(m)) == 0
	})
	if !strings.Contains(e2e.Text(old), "wins with") {
		t.Errorf("game 1's message lost its result:\n%s", e2e.Text(old))
	}
	w.NoFailures()
}

func TestLaroFinishedTableClosesAtItsStoredDeadlineAfterARestart(t *testing.T) {
	t.Parallel()
	b := finishBlind(t)
	w := b.w
	// The bot comes back two seconds before the table would have closed.
	w.SetDeadline(b.game.ID, time.Now().Add(2*time.Second))
	w.Start()
	closed := w.WaitMessage(b.table.ID, "the result, closed", func(m *discordgo.Message) bool {
		return strings.Contains(e2e.Text(m), "wins with") && len(discordtest.CustomIDs(m)) == 0
	})
	if !strings.Contains(e2e.Text(closed), "**Chips:**") {
		t.Errorf("the closed table message does not show the chips:\n%s", e2e.Text(closed))
	}
	r, err := b.players[0].U.ForgeClick(w.Ch, e2e.Button(b.table, "hand", "*"))
	if m := e2e.Reply(t, r, err); !strings.Contains(e2e.Text(m), "has closed") {
		t.Errorf("a click on the closed table answered:\n%s", e2e.Text(m))
	}
	w.NoFailures()
}

func TestLaroPlayAgainCutShortByACrashIsOfferedAgain(t *testing.T) {
	t.Parallel()
	b := finishBlind(t)
	w := b.w
	// The bot died right after a Play again had stored the next game, before
	// dealing it: the store holds that game as a lobby nobody was shown.
	st, err := store.Open(t.Context(), w.DB)
	if err != nil {
		t.Fatal(err)
	}
	g := b.game
	next, err := st.CreateGame(t.Context(), store.Game{TableID: g.TableID, Kind: g.Kind, Guild: g.Guild, Channel: g.Channel,
		Host: g.Host, Settings: g.Settings, Seats: g.Seats, Status: store.StatusLobby})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	w.Start()

	final := w.WaitMessage(b.table.ID, "the game's end with Play again", func(m *discordgo.Message) bool {
		return e2e.Button(m, "again", "") != ""
	})
	if got, err := w.St.Game(t.Context(), next.ID); err != nil || got.Status != store.StatusCancelled {
		t.Errorf("the next game that never began is %s (%v), want cancelled", got.Status, err)
	}
	w.PlayAgain(final, b.players[0], b.players[1])
	next2 := w.TableMessage("game 2")
	for _, p := range b.players {
		if !strings.Contains(e2e.Text(next2), e2e.Named(p)) {
			t.Errorf("game 2's table message does not seat %s:\n%s", p.U.Name(), e2e.Text(next2))
		}
	}
	w.NoFailures()
}

func TestLaroTableFinishedLongAgoIsNotRebuilt(t *testing.T) {
	t.Parallel()
	b := finishBlind(t)
	w := b.w
	// The bot was down for longer than the table stays open after a game.
	w.SetDeadline(b.game.ID, time.Now().Add(-time.Hour))
	w.Start()
	cb := b.players[0].Click(b.table, e2e.Button(b.table, "hand", "*"))
	if !strings.Contains(e2e.Text(cb.Message), "has closed") {
		t.Errorf("a click on the table an hour after its game answered:\n%s", e2e.Text(cb.Message))
	}
	if m := w.Ch.Message(b.table.ID); e2e.Button(m, "again", "") != "" {
		t.Errorf("the table was rebuilt an hour after its game:\n%s", e2e.Text(m))
	}
	games, err := w.St.LiveGames(t.Context())
	if err != nil || len(games) != 0 {
		t.Errorf("live games %+v (%v), want none", games, err)
	}
}

func TestLaroPlayerWhoLeftAfterTheGameStaysGoneAfterARestart(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	alice, bob := w.Player("alice"), w.Player("bob")
	e2e.OpenTable(t, w, alice, []*e2e.Player{bob}, e2e.QuickOpts(1)...)
	e2e.PlayToEnd(t, w, []*e2e.Player{alice, bob})
	final := w.TableMessage("[Play again]")
	if cb := bob.Click(final, e2e.Button(final, "leave", "")); !strings.Contains(e2e.Text(cb.Message), "You left") {
		t.Fatalf("bob's Leave table answered:\n%s", e2e.Text(cb.Message))
	}
	w.Restart()

	final = w.WaitMessage(final.ID, "Play again after the restart", func(m *discordgo.Message) bool {
		return e2e.Button(m, "again", "") != ""
	})
	if cb := bob.Click(final, e2e.Button(final, "again", "")); !strings.Contains(e2e.Text(cb.Message), "not seated") {
		t.Errorf("bob, who left, clicked Play again after the restart and got:\n%s", e2e.Text(cb.Message))
	}
	// Play again answers its clicker with their new hand.
	if cb := alice.Click(final, e2e.Button(final, "again", "")); !cb.Ephemeral || !strings.Contains(e2e.Text(cb.Message), "The game has started") {
		t.Fatalf("alice's Play again after the restart answered:\n%s", e2e.Text(cb.Message))
	}
	next := w.TableMessage("game 2")
	if text := e2e.Text(next); strings.Contains(text, e2e.Named(bob)) || !strings.Contains(text, e2e.Named(alice)) {
		t.Errorf("game 2 should seat alice alone, not bob; it shows:\n%s", text)
	}
	w.NoFailures()
}

// lineWith returns the line of text that contains s.
func lineWith(text, s string) string {
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, s) {
			return l
		}
	}
	return s
}

func TestLaroFinishedThreadTableIsRebuiltAfterACrash(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t, e2e.Seed(1))
	alice, bob := w.Player("alice"), w.Player("bob")
	players := []*e2e.Player{alice, bob}
	lobby, th, table := openThreadTable(t, w, alice, bob, discordtest.IntOpt("stake", 1), discordtest.IntOpt("ante", 5), discordtest.IntOpt("turn_timer", 600))
	for _, p := range players {
		p.OpenHand(table)
	}
	winner, hand := e2e.PlayUntilWin(t, w, players)
	// The win is stored, but neither the thread's final table message nor
	// the result on the channel's message reaches Discord, and the thread
	// is not archived, before the bot stops.
	w.RefuseChannel(true)
	// A click's token may edit the table's messages whatever the channel's
	// permissions (Discord does not check them on interaction webhooks):
	// Discord's trouble refuses those edits too.
	for _, m := range []*discordgo.Message{lobby, table} {
		w.Srv.FailRequests("PATCH", "/webhooks/*/*/messages/"+m.ID, 1000, http.StatusInternalServerError)
	}
	winner.Click(hand, e2e.Button(hand, "win", ""))
	w.Stop()
	w.RefuseChannel(false)
	if th.Archived() || e2e.Button(w.Ch.Message(lobby.ID), "again", "") != "" {
		t.Fatal("the game's end reached Discord before the stop; nothing was lost")
	}
	w.Start()

	// The channel's message shows the result, the thread's link and Play
	// again; the thread keeps the final table without buttons, archived.
	result := w.WaitMessage(lobby.ID, "the result with Play again", func(m *discordgo.Message) bool {
		return e2e.Button(m, "again", "") != ""
	})
	link := "https://discord.com/channels/" + w.Guild.ID() + "/" + th.ID()
	if rt := e2e.Text(result); !strings.Contains(rt, link) || !strings.Contains(rt, "wins with") {
		t.Errorf("the channel message lacks the result or the link %s:\n%s", link, rt)
	}
	w.WaitArchived(th)
	if final := th.Message(table.ID); !strings.Contains(e2e.Text(final), "wins with") || len(discordtest.CustomIDs(final)) != 0 {
		t.Errorf("the thread's table message should show the end without buttons:\n%s", e2e.Text(final))
	}
	w.PlayAgain(result, bob, alice)
	if th2 := w.Thread(w.Ch, 2); !strings.Contains(th2.Name(), "game 2") {
		t.Errorf("second thread named %q, want game 2", th2.Name())
	}
	w.NoFailures()
}
