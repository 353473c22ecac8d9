package main

// What the soak and fault tests check once the bot has stopped: the SQLite
// file, read directly and read-only, against the engine's replay, the
// players' acknowledged clicks, and what the channel shows.

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	_ "github.com/mattn/go-sqlite3"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/engine/laro"
	"github.com/cardbot/cardbot/engine/laus"
	"github.com/cardbot/cardbot/internal/screen"
)

// storedGame is one row of games with its log.
type storedGame struct {
	id, tableID, kind, guild, status string
	no                               int      // game_no (Laro) or match_no (Laus)
	target                           int      // Laus
	seats                            []string // user IDs
	names                            []string // the seats' names as messages show them
	pot                              int64
	records                          []string // the log's data, in seq order (records[0] is seq 1)
}

// openStore opens the bot's database read-only.
func openStore(t *testing.T, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite3", "file:"+path+"?mode=ro&_busy_timeout=5000")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// readGames loads every game that reached play, with its log.
func readGames(t *testing.T, db *sql.DB) []*storedGame {
	t.Helper()
	rows, err := db.Query(`SELECT id, table_id, kind, guild, status, settings, seats, pot FROM games WHERE status != 'lobby' ORDER BY created_at, id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var games []*storedGame
	for rows.Next() {
		var g storedGame
		var settings, seats string
		if err := rows.Scan(&g.id, &g.tableID, &g.kind, &g.guild, &g.status, &settings, &seats, &g.pot); err != nil {
			t.Fatal(err)
		}
		var s struct {
			GameNo  int `json:"game_no"`
			MatchNo int `json:"match_no"`
			Target  int `json:"target"`
		}
		var ss []struct {
			User string `json:"user"`
			Name string `json:"name"`
		}
		if err := json.Unmarshal([]byte(settings), &s); err != nil {
			t.Fatalf("game %s settings %q: %v", g.id, settings, err)
		}
		if err := json.Unmarshal([]byte(seats), &ss); err != nil {
			t.Fatalf("game %s seats %q: %v", g.id, seats, err)
		}
		g.no, g.target = max(s.GameNo, s.MatchNo), s.Target
		for _, x := range ss {
			g.seats = append(g.seats, x.User)
			g.names = append(g.names, ui.EscapeName(x.Name))
		}
		games = append(games, &g)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		recs, err := db.Query(`SELECT seq, data FROM actions WHERE game_id = $1 ORDER BY seq` /* $1: SQLite and PostgreSQL */, g.id)
		if err != nil {
			t.Fatal(err)
		}
		for recs.Next() {
			var seq int64
			var data string
			if err := recs.Scan(&seq, &data); err != nil {
				t.Fatal(err)
			}
			if seq != int64(len(g.records)+1) {
				t.Errorf("game %s: record seq %d follows %d", g.id, seq, len(g.records))
			}
			g.records = append(g.records, data)
		}
		recs.Close()
	}
	return games
}

// checkReplays replays every game's log with the engine and checks that the
// stored status agrees with the replay and that the game's newest table
// message in ch shows the replay's outcome. Every game must be over, except
// a next game the bot never dealt (cancelled, with no log).
func checkReplays(t *testing.T, games []*storedGame, channels []*discordtest.Channel) {
	t.Helper()
	var msgs []*discordgo.Message
	for _, ch := range channels {
		msgs = append(msgs, ch.Messages()...)
	}
	for _, g := range games {
		if g.status == "cancelled" && len(g.records) == 0 {
			// A Play again stored the next game and the bot was killed
			// before dealing it: on restart the table goes back to after
			// its last game (bot.dropInterruptedNextGames). Nothing was
			// played in it, so nothing can have been lost.
			continue
		}
		if g.status != "finished" {
			t.Errorf("%s game %s (table %s no %d) is %s at the end, want finished", g.kind, g.id, g.tableID, g.no, g.status)
			continue
		}
		if len(g.records) == 0 {
			t.Errorf("game %s has no log", g.id)
			continue
		}
		shown := newestShowing(msgs, g)
		if shown == nil {
			t.Errorf("no table message of %s table %s no %d is left in the channel", g.kind, g.tableID, g.no)
			continue
		}
		var want []string
		var err error
		if g.kind == "laro" {
			want, err = laroOutcome(g)
		} else {
			want, err = lausOutcome(g)
		}
		if err != nil {
			t.Errorf("%s game %s: %v; its log:\n%s", g.kind, g.id, err, strings.Join(g.records, "\n"))
			continue
		}
		text := screen.Text(shown)
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("%s table %s no %d: the final table message does not show %q, which the replay of its log gives; it shows:\n%s",
					g.kind, g.tableID, g.no, w, text)
			}
		}
	}
}

// newestShowing returns the newest channel message whose title names g's
// table and number.
func newestShowing(msgs []*discordgo.Message, g *storedGame) *discordgo.Message {
	unit := "game"
	if g.kind == "laus" {
		unit = "match"
	}
	prefix := fmt.Sprintf("table %s · %s %d", g.tableID, unit, g.no)
	for i := len(msgs) - 1; i >= 0; i-- {
		m := msgs[i]
		if len(m.Embeds) > 0 && strings.Contains(m.Embeds[0].Title+" ·", prefix+" ·") && !strings.HasSuffix(m.Embeds[0].Title, "result") {
			return m
		}
	}
	return nil
}

// laroOutcome replays a Laro game and returns what its final message must
// say.
func laroOutcome(g *storedGame) ([]string, error) {
	var seed uint64
	var dealer int
	if _, err := fmt.Sscanf(g.records[0], "start %x %d", &seed, &dealer); err != nil {
		return nil, fmt.Errorf("start record %q: %w", g.records[0], err)
	}
	var actions []laro.Action
	for _, r := range g.records[1:] {
		if strings.HasPrefix(r, "intent ") {
			continue
		}
		a, err := laro.ParseAction(r)
		if err != nil {
			return nil, err
		}
		actions = append(actions, a)
	}
	game, err := laro.Replay(laro.Config{Seats: len(g.seats), Dealer: dealer}, seed, actions)
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	if !game.Over() {
		return nil, fmt.Errorf("stored as finished, but its replay is not over")
	}
	seat, points, won := game.Winner()
	if !won {
		return []string{"no winner"}, nil
	}
	win := g.names[seat] + " wins"
	if game.End() == laro.EndDefault {
		return []string{win}, nil
	}
	return []string{win, "**" + ui.Count(points, "point", "points") + "**"}, nil
}

// lausOutcome replays a Laus match and returns what its final message must
// say.
func lausOutcome(g *storedGame) ([]string, error) {
	var seed uint64
	if _, err := fmt.Sscanf(g.records[0], "start %x", &seed); err != nil {
		return nil, fmt.Errorf("start record %q: %w", g.records[0], err)
	}
	var actions []laus.Action
	for _, r := range g.records[1:] {
		if strings.HasPrefix(r, "back ") {
			continue
		}
		a, err := laus.UnmarshalAction([]byte(strings.TrimPrefix(r, "timeout ")))
		if err != nil {
			return nil, err
		}
		actions = append(actions, a)
	}
	m, err := laus.Replay(laus.MatchConfig{Seats: len(g.seats), Target: g.target}, seed, actions)
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	if !m.Over() {
		return nil, fmt.Errorf("stored as finished, but its replay is not over")
	}
	want := []string{"after " + ui.Count(m.Round(), "round", "rounds")}
	totals := m.Totals()
	for _, l := range m.Losers() {
		want = append(want, g.names[l])
	}
	for i, name := range g.names {
		want = append(want, fmt.Sprintf("%s — **%d**", name, totals[i]))
	}
	return want, nil
}

// checkAcknowledged checks that every acknowledged click is in its game's
// log, as the move it was, by the clicker's seat, at the point of the game
// the clicked button was drawn for.
func checkAcknowledged(t *testing.T, games []*storedGame, acked []ackedMove) {
	t.Helper()
	byKey := map[string]*storedGame{}
	for _, g := range games {
		byKey[fmt.Sprintf("%s/%d", g.tableID, g.no)] = g
	}
	for _, a := range acked {
		g := byKey[fmt.Sprintf("%s/%d", a.tableID, a.game)]
		if g == nil {
			t.Errorf("acknowledged %s: no such game in the store", a)
			continue
		}
		seat := -1
		for i, u := range g.seats {
			if u == a.user {
				seat = i
			}
		}
		if seat < 0 {
			t.Errorf("acknowledged %s: the clicker has no seat in game %s", a, g.id)
			continue
		}
		var ok bool
		if g.kind == "laro" {
			ok = laroLogged(g, a, seat)
		} else {
			ok = lausLogged(g, a, seat)
		}
		if !ok {
			t.Errorf("acknowledged %s is not in the log of game %s (seat %d):\n%s", a, g.id, seat, numbered(g.records))
		}
	}
}

// laroLogged reports whether a Laro game's log holds a at its place: among
// the records between the game's version-th and version+1-th engine
// action (the intents of a LARO! window) or that action itself.
func laroLogged(g *storedGame, a ackedMove, seat int) bool {
	var want []string
	switch a.verb {
	case "draw":
		want = []string{fmt.Sprintf("draw %d %s", seat, a.arg), fmt.Sprintf("intent draw %d %s", seat, a.arg)}
	case "discard":
		c, err := laro.ParseCard(a.arg)
		if err != nil {
			return false
		}
		want = []string{laro.Discard{Seat: seat, Card: c}.String()}
	case "win":
		want = []string{laro.DeclareWin{Seat: seat}.String()}
	case "lay":
		want = []string{fmt.Sprintf("call %d ", seat)}
	case "laro":
		return calledOn(g, seat, a.arg)
	default:
		return false
	}
	actions := 0
	for _, r := range g.records[1:] {
		if actions == a.version {
			for _, w := range want {
				if r == w || strings.HasSuffix(w, " ") && strings.HasPrefix(r, w) {
					return true
				}
			}
		}
		if !strings.HasPrefix(r, "intent ") {
			actions++
		}
		if actions > a.version {
			return false
		}
	}
	return false
}

// calledOn reports whether a Laro game's log holds seat's LARO! call on a
// discard of card (in its text form).
func calledOn(g *storedGame, seat int, card string) bool {
	discard := ""
	for _, r := range g.records[1:] {
		if !strings.HasPrefix(r, "intent ") {
			discard = r
			continue
		}
		if r == fmt.Sprintf("intent call %d", seat) && strings.HasPrefix(discard, "discard ") && strings.HasSuffix(discard, " "+card) {
			return true
		}
	}
	return false
}

// lausLogged reports whether a Laus match's log holds a as its record
// version+1: a Laus button's version is the log's length when drawn.
func lausLogged(g *storedGame, a ackedMove, seat int) bool {
	if a.version < 1 || a.version >= len(g.records) {
		return false
	}
	r := g.records[a.version] // seq version+1
	switch a.verb {
	case "look":
		return r == laus.Look{Seat: seat}.String()
	case "pass":
		return r == laus.Pass{Seat: seat}.String()
	case "lay":
		if len(a.values) != 2 {
			return false
		}
		var cs [2]laus.Card
		for i, v := range a.values {
			c, err := laus.ParseCard(v)
			if err != nil {
				return false
			}
			cs[i] = c
		}
		return r == laus.LayBack{Seat: seat, Cards: cs}.String()
	case "play":
		c, err := laus.ParseCard(a.arg)
		return err == nil && r == laus.Play{Seat: seat, Card: c}.String()
	}
	return false
}

func numbered(records []string) string {
	var b strings.Builder
	for i, r := range records {
		fmt.Fprintf(&b, "%4d %s\n", i+1, r)
	}
	return b.String()
}
