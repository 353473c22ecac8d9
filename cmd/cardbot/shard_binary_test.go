package main

// The sharded deployment, end to end: two real cardbot processes, shards 0 and 1 of 2,
// on one SQLite file and one fake Discord that routes each server's events to the
// shard owning it.

import (
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	_ "github.com/mattn/go-sqlite3" // read the bots' database to check its chips

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/engine/laro"
)

// shardEnv is the environment of shard id of 2 on db, with global commands.
func shardEnv(srv *discordtest.Server, db string, id int) []string {
	return []string{
		"DISCORD_TOKEN=" + secretToken,
		"DISCORD_API_BASE=" + srv.URL(),
		"DATABASE_PATH=" + db,
		"LOG_LEVEL=debug",
		"SHARD_COUNT=2",
		fmt.Sprintf("SHARD_ID=%d", id),
	}
}

// laroTable is one Laro game played through Discord by two people.
type laroTable struct {
	t       *testing.T
	srv     *discordtest.Server
	guild   *discordtest.Guild
	ch      *discordtest.Channel
	players []*discordtest.User
	table   *discordgo.Message
}

// openLaro has the first player open a Laro table (ante 10, stake 1, no LARO! window),
// the second join, and the first start it; both open their hands.
func openLaro(t *testing.T, srv *discordtest.Server, g *discordtest.Guild, ch *discordtest.Channel, players ...*discordtest.User) *laroTable {
	t.Helper()
	host := players[0]
	// Only a message posted after the command is the new lobby: the last game's lobby
	// may still show Join and Start until its last edit goes out.
	known := map[string]bool{}
	for _, m := range ch.Messages() {
		known[m.ID] = true
	}
	since, versions := time.Now(), len(ch.History())
	defer func() {
		if t.Failed() {
			logCallsSince(t, srv, since)
			for _, m := range ch.History()[versions:] {
				t.Logf("message %s became:\n%s", m.ID, msgText(m))
			}
		}
	}()
	r, err := host.Slash(ch, "laro new", discordtest.IntOpt("stake", 1), discordtest.IntOpt("ante", 10), discordtest.IntOpt("claim_window", 0))
	act(t, host.Name()+" /laro new in "+g.Name(), r, err)
	lobby := waitMessage(t, ch, "a new lobby", func(m *discordgo.Message) bool { return hasButtons("Join", "Start")(m) && !known[m.ID] })
	for _, u := range players[1:] {
		click(t, u, lobby, "Join")
		lobby = waitMessage(t, ch, u.Name()+" seated", func(m *discordgo.Message) bool {
			return m.ID == lobby.ID && strings.Contains(msgText(m), u.Name())
		})
	}
	click(t, host, lobby, "Start")
	table := waitMessage(t, ch, "a game with My hand", func(m *discordgo.Message) bool {
		return hasButtons("My hand", "LARO!")(m) && !known[m.ID]
	})
	for _, u := range players {
		openHand(t, u, table)
	}
	return &laroTable{t: t, srv: srv, guild: g, ch: ch, players: players, table: table}
}

// latestHand is u's newest hand message.
func latestHand(u *discordtest.User) *discordgo.Message {
	ms := u.Ephemeral()
	for i := len(ms) - 1; i >= 0; i-- {
		if len(ms[i].Embeds) > 0 && strings.HasPrefix(ms[i].Embeds[0].Title, "Your hand") {
			return ms[i]
		}
	}
	return nil
}

// verbButton returns the custom_id of m's button whose action is verb (and, unless arg
// is "*", whose argument is arg): the tests press what the bot shows.
func verbButton(m *discordgo.Message, verb, arg string) string {
	if m == nil {
		return ""
	}
	for _, id := range discordtest.CustomIDs(m) {
		parts := strings.Split(id, "/")
		if len(parts) < 5 || parts[4] != verb {
			continue
		}
		got := ""
		if len(parts) > 5 {
			got = parts[5]
		}
		if arg == "*" || got == arg {
			return id
		}
	}
	return ""
}

// over reports whether the table's channel shows the game as finished.
func (lt *laroTable) over() bool {
	for _, m := range lt.ch.Messages() {
		if m.ID == lt.table.ID && buttonID(m, "Play again") != "" {
			return true
		}
	}
	return false
}

// turn plays one turn: whoever's hand offers Draw from deck draws, then declares a win
// if offered, else discards what the computer player would. It returns false once the
// game is over.
func (lt *laroTable) turn() bool {
	t := lt.t
	t.Helper()
	// Waits for events (a hand or the table showing the next move), each bounded
	// generously: beside another full go test -race ./..., a table message took
	// over 10 s to show a game's end.
	deadline := time.Now().Add(startTimeout)
	var mover *discordtest.User
	var hand *discordgo.Message
	for mover == nil {
		for _, u := range lt.players {
			// A hand that offers a draw, or the discards after one.
			if h := latestHand(u); verbButton(h, "draw", "deck") != "" || verbButton(h, "discard", "*") != "" {
				mover, hand = u, h
			}
		}
		if mover != nil {
			break
		}
		if lt.over() {
			return false
		}
		if time.Now().After(deadline) {
			t.Fatalf("in %s nobody's hand offers a draw and the game is not over:\n%s\n----\n%s",
				lt.guild.Name(), msgText(latestHand(lt.players[0])), msgText(latestHand(lt.players[1])))
		}
		time.Sleep(5 * time.Millisecond)
	}
	if verbButton(hand, "draw", "deck") != "" {
		r, err := mover.Click(hand, verbButton(hand, "draw", "deck"))
		act(t, mover.Name()+" drawing in "+lt.guild.Name(), r, err)
		_, err = mover.WaitEphemeral(stepTimeout, func(ms []*discordgo.Message) bool {
			for i := len(ms) - 1; i >= 0; i-- {
				if len(ms[i].Embeds) > 0 && strings.HasPrefix(ms[i].Embeds[0].Title, "Your hand") {
					hand = ms[i]
					// Discards to choose from, or no move: the draw ended the game (the
					// deck ran out a third time), or the hand shows a moment without
					// one (a draw waiting for the LARO! window's grace, a redraw).
					return verbButton(hand, "discard", "*") != "" || verbButton(hand, "draw", "deck") == ""
				}
			}
			return false
		})
		if err != nil {
			t.Fatalf("after drawing in %s, %s's hand offers no discard: %v\n%s", lt.guild.Name(), mover.Name(), err, msgText(latestHand(mover)))
		}
	}
	if verbButton(hand, "discard", "*") == "" {
		// Not necessarily the end (on a busy machine such a moment was taken for it):
		// the next turn finds the discards, or the table showing the game over.
		return true
	}
	if id := verbButton(hand, "win", ""); id != "" {
		r, err := mover.Click(hand, id)
		act(t, mover.Name()+" declaring a win in "+lt.guild.Name(), r, err)
		return false
	}
	var cards []laro.Card
	for _, id := range discordtest.CustomIDs(hand) {
		if i := strings.Index(id, "/discard/"); i >= 0 {
			c, err := laro.ParseCard(id[i+len("/discard/"):])
			if err != nil {
				t.Fatalf("discard button %q: %v", id, err)
			}
			cards = append(cards, c)
		}
	}
	v := laro.View{Seats: 1, Hand: cards, Laid: [][][]laro.Card{nil}, HandSizes: []int{len(cards)},
		Forfeited: []bool{false}, Phase: laro.PhaseDiscard, Winner: -1}
	c := laro.Computer{}.Discard(v)
	r, err := mover.Click(hand, verbButton(hand, "discard", c.String()))
	act(t, mover.Name()+" discarding in "+lt.guild.Name(), r, err)
	return true
}

// playToEnd plays turns until the game is over and the table shows Play again.
func (lt *laroTable) playToEnd() {
	lt.t.Helper()
	for turns := 0; lt.turn(); turns++ {
		if turns > 2000 {
			lt.t.Fatalf("the game in %s did not end after %d turns", lt.guild.Name(), turns)
		}
	}
	// A declared win reaches the table message within 10 s on a quiet machine; beside
	// another full go test -race ./... it once took longer: wait up to 30 s for it.
	for deadline := time.Now().Add(startTimeout); !lt.over() && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
	waitMessage(lt.t, lt.ch, "the finished game in "+lt.guild.Name(), func(m *discordgo.Message) bool {
		return m.ID == lt.table.ID && buttonID(m, "Play again") != ""
	})
}

// chipsOf checks with /chips balance that the players of a finished game hold what
// they were granted between them (the pot is paid out), and that someone won or lost.
func chipsOf(t *testing.T, ch *discordtest.Channel, players ...*discordtest.User) {
	t.Helper()
	total, moved := 0, false
	for _, u := range players {
		r, err := u.Slash(ch, "chips balance")
		text := msgText(act(t, u.Name()+" /chips balance", r, err).Message)
		var n int
		i := strings.Index(text, "**")
		if i < 0 {
			t.Fatalf("%s's balance reads %q", u.Name(), text)
		}
		if _, err := fmt.Sscanf(text[i:], "**%d** chips", &n); err != nil {
			t.Fatalf("%s's balance reads %q: %v", u.Name(), text, err)
		}
		total += n
		moved = moved || n != 1000
	}
	if total != 1000*len(players) {
		t.Errorf("the players hold %d chips between them, want the %d they were granted", total, 1000*len(players))
	}
	if !moved {
		t.Logf("nobody won or lost chips (a game that ended with no winner)")
	}
}

// gameLog is what the database holds of a guild's live Laro game: its ID, how many
// actions its log has and when it last changed.
type gameLog struct {
	id      string
	lastSeq int64
	updated int64
	ledger  int64
}

func liveGame(t *testing.T, db *sql.DB, guild string) gameLog {
	t.Helper()
	var g gameLog
	err := db.QueryRow(`SELECT id, last_seq, updated_at, (SELECT COUNT(*) FROM ledger l WHERE l.game_id = games.id)
		FROM games WHERE guild = ? AND status = 'playing'`, guild).Scan(&g.id, &g.lastSeq, &g.updated, &g.ledger)
	if err != nil {
		t.Fatalf("the live game of guild %s: %v", guild, err)
	}
	return g
}

// checkChips checks in the database that every chip granted in a guild is in a balance
// or a game's pot, and that the balances agree with the ledger.
func checkChips(t *testing.T, db *sql.DB, guilds ...string) {
	t.Helper()
	for _, g := range guilds {
		var granted, balances, pots, off int64
		if err := db.QueryRow(`SELECT
			(SELECT COALESCE(SUM(delta), 0) FROM ledger WHERE guild = ?1 AND reason IN ('grant', 'daily', 'admin_grant')),
			(SELECT COALESCE(SUM(balance), 0) FROM balances WHERE guild = ?1),
			(SELECT COALESCE(SUM(pot), 0) FROM games WHERE guild = ?1),
			(SELECT COUNT(*) FROM balances b WHERE guild = ?1 AND balance != (SELECT SUM(delta) FROM ledger l
				WHERE l.guild = b.guild AND l.user_id = b.user_id))`, g).Scan(&granted, &balances, &pots, &off); err != nil {
			t.Fatal(err)
		}
		if granted == 0 || granted != balances+pots || off != 0 {
			t.Errorf("guild %s: %d chips granted, %d in balances + %d in pots; %d balances differ from the ledger",
				g, granted, balances, pots, off)
		}
	}
}

func TestBinaryTwoShardsOnOneDatabase(t *testing.T) {
	t.Parallel()
	cardbotBinary(t)
	srv := discordtest.New(t)
	g0, g1 := srv.AddGuildOnShard("shard zero's server", 0, 2), srv.AddGuildOnShard("shard one's server", 1, 2)
	ch0, ch1 := g0.AddChannel("tables"), g1.AddChannel("tables")
	dir := t.TempDir()
	db := filepath.Join(dir, "data", "cardbot.db")
	alice, bob, carol, dave := srv.User("alice"), srv.User("bob"), srv.User("carol"), srv.User("dave")

	// Both start at once on a database that does not exist yet.
	shard0 := startBot(t, "shard 0", dir, shardEnv(srv, db, 0))
	shard1 := startBot(t, "shard 1", dir, shardEnv(srv, db, 1))
	if err := srv.WaitConnected(2, startTimeout); err != nil {
		t.Fatalf("two gateway sessions: %v", err)
	}
	shard0.waitLog("cardbot is running", startTimeout)
	shard1.waitLog("cardbot is running", startTimeout)
	// The fake's GET /gateway/bot says max_concurrency 1: one bucket, one IDENTIFY per 5 s
	// over both processes.
	if ids := srv.IdentifiedAt(); len(ids) != 2 || ids[1].At.Sub(ids[0].At) < 5*time.Second-50*time.Millisecond {
		t.Errorf("identifies %+v, want two at least 5 s apart (Discord's limit per bucket)", ids)
	}
	var names []string
	for _, c := range srv.Commands("") {
		names = append(names, c.Name)
	}
	if !strings.Contains(" "+strings.Join(names, " ")+" ", " laro ") {
		t.Fatalf("global commands %v, want /laro among them (shard 0 registers them)", names)
	}

	rdb, err := sql.Open("sqlite3", "file:"+db+"?mode=ro&_busy_timeout=5000")
	if err != nil {
		t.Fatal(err)
	}
	defer rdb.Close()

	// A whole game in each server, each served by its own process, at the same time.
	a0, a1 := openLaro(t, srv, g0, ch0, alice, bob), openLaro(t, srv, g1, ch1, carol, dave)
	for more0, more1 := true, true; more0 || more1; {
		if more0 {
			more0 = a0.turn()
		}
		if more1 {
			more1 = a1.turn()
		}
	}
	a0.playToEnd()
	a1.playToEnd()
	chipsOf(t, ch0, alice, bob)
	chipsOf(t, ch1, carol, dave)
	checkChips(t, rdb, g0.ID(), g1.ID())

	// A second game in each; shard 1 dies in the middle of its game.
	b0, b1 := openLaro(t, srv, g0, ch0, alice, bob), openLaro(t, srv, g1, ch1, carol, dave)
	for range 2 {
		b0.turn()
		b1.turn()
	}
	if err := shard1.cmd.Process.Kill(); err != nil { // SIGKILL: nothing runs on the way out
		t.Fatal(err)
	}
	<-shard1.done
	before := liveGame(t, rdb, g1.ID())

	// Shard 0 carries on: its game runs to the end and a third one starts.
	b0.playToEnd()
	c0 := openLaro(t, srv, g0, ch0, bob, alice)
	c0.turn()
	live0 := liveGame(t, rdb, g0.ID())
	if after := liveGame(t, rdb, g1.ID()); after != before {
		t.Errorf("shard 1's game changed while shard 1 was down: %+v, was %+v", after, before)
	}

	// Restarted, shard 1 rebuilds its own table, and only that one.
	first1 := shard1
	shard1 = startBot(t, "shard 1, restarted", dir, shardEnv(srv, db, 1))
	shard1.waitLog("cardbot is running", startTimeout)
	shard1.waitLog("table rebuilt", stepTimeout)
	if out := shard1.out.String(); !strings.Contains(out, "game="+before.id) || strings.Contains(out, "game="+live0.id) {
		t.Errorf("restarted shard 1 rebuilt the wrong tables; want %s and not shard 0's %s:\n%s", before.id, live0.id,
			strings.Join(grepLines(out, "table rebuilt"), "\n"))
	}
	waitMessage(t, ch1, "shard 1's table, restarted", func(m *discordgo.Message) bool {
		return m.ID == b1.table.ID && strings.Contains(msgText(m), "restarted")
	})
	b1.playToEnd()
	c0.playToEnd()
	for _, m := range ch0.Messages() {
		if m.ID == c0.table.ID && strings.Contains(msgText(m), "restarted") {
			t.Errorf("shard 0's table says it restarted:\n%s", msgText(m))
		}
	}
	chipsOf(t, ch0, alice, bob)
	chipsOf(t, ch1, carol, dave)
	checkChips(t, rdb, g0.ID(), g1.ID())
	noFailures(t, srv)
	shard1.waitLog("card emojis ready", stepTimeout)
	emojisUploadedOnce(t, srv, shard0, first1, shard1)
	shard0.stop()
	shard1.stop()
}

// grepLines returns the lines of out that contain s.
func grepLines(out, s string) []string {
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, s) {
			lines = append(lines, l)
		}
	}
	return lines
}

// emojisUploadedOnce checks that the card faces were uploaded once, by shard 0
// alone: both shards started at once on a fresh application, and when each
// uploaded what it found missing, one was refused every name the other had
// just taken (APPLICATION_EMOJI_NAME_ALREADY_TAKEN) and showed cards as text.
func emojisUploadedOnce(t *testing.T, srv *discordtest.Server, shards ...*botProcess) {
	t.Helper()
	uploads := 0
	for _, r := range srv.Requests() {
		if r.Method == "POST" && r.Route == "/applications/{id}/emojis" {
			uploads++
			if r.Status != 201 && r.Status != 200 {
				t.Errorf("an emoji upload got %d", r.Status)
			}
		}
	}
	if faces := len(srv.ApplicationEmojis()); uploads != faces || faces == 0 {
		t.Errorf("%d emoji uploads for %d faces, want each face uploaded once", uploads, faces)
	}
	for _, p := range shards {
		if out := p.out.String(); strings.Contains(out, "card emojis unavailable") {
			t.Errorf("%s shows cards as text:\n%s", p.name, strings.Join(grepLines(out, "card emojis"), "\n"))
		}
	}
}

// logCallsSince logs every REST call the fake answered from since on, in order:
// method, path, status and when, so a failure shows which edit reached a message last.
func logCallsSince(t *testing.T, srv *discordtest.Server, since time.Time) {
	t.Helper()
	var lines []string
	for _, r := range srv.Requests() {
		if r.Start.Before(since) {
			continue
		}
		lines = append(lines, fmt.Sprintf("+%6dms %-6s %s %d (%s)", r.Start.Sub(since).Milliseconds(), r.Method, r.Path, r.Status, r.Duration.Round(time.Millisecond)))
	}
	t.Logf("REST calls since /laro new:\n%s", strings.Join(lines, "\n"))
}
