package bot_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot"
	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/engine/laus"
	"github.com/cardbot/cardbot/store"
)

// lausMover finds the seated person whose hand message offers a move now,
// and which controls it shows. It returns nil once the table shows the
// match is over.
func lausMover(t *testing.T, w *world, players []*player) (*player, *discordgo.Message) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		for _, p := range players {
			m := p.hand()
			for _, verb := range []string{"look", "lay", "play"} {
				if button(m, verb, "*") != "" {
					return p, m
				}
			}
		}
		for _, m := range w.ch.Messages() {
			if strings.Contains(text(m), "[Play again]") {
				return nil, nil
			}
		}
		if time.Now().After(deadline) {
			var b strings.Builder
			for _, p := range players {
				fmt.Fprintf(&b, "--- %s:\n%s\n", p.u.Name(), text(p.hand()))
			}
			t.Fatalf("nobody's hand offers a move and the match is not over:\n%s", b.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// lausMove makes the move a player's hand offers: look at the skat, except
// pass at the second decision of the match (so both happen without every
// round doubling), the first two cards offered to lay back, or the first
// card offered to play.
func lausMove(t *testing.T, p *player, hand *discordgo.Message, skatTurns *int) discordtest.Callback {
	t.Helper()
	if id := button(hand, "look", "*"); id != "" {
		*skatTurns++
		if *skatTurns == 2 {
			id = button(hand, "pass", "*")
		}
		return p.click(hand, id)
	}
	if id := button(hand, "lay", "*"); id != "" {
		menu, ok := discordtest.FindComponent(hand, id).(discordgo.SelectMenu)
		if !ok {
			if pm, isPtr := discordtest.FindComponent(hand, id).(*discordgo.SelectMenu); isPtr {
				menu, ok = *pm, true
			}
		}
		if !ok || len(menu.Options) < 2 {
			t.Fatalf("%s's lay-back control is not a menu of two or more cards:\n%s", p.u.Name(), text(hand))
		}
		for _, o := range menu.Options {
			if c, _ := laus.ParseCard(o.Value); c.IsJack() || c.IsQueen() {
				t.Errorf("the lay-back menu offers %s, a queen or jack", o.Label)
			}
		}
		r, err := p.u.Select(hand, id, []string{menu.Options[0].Value, menu.Options[1].Value})
		return answer(t, r, err)
	}
	return p.click(hand, button(hand, "play", "*"))
}

// lausFinal is what the test reads back after a match: the replayed
// engine, the stored log and the scoreboard.
type lausFinal struct {
	board store.LausBoard
	recs  []store.ActionRecord
	seed  uint64
	match *laus.Match
}

// lausLogAction reads a record of a Laus match's log after the start
// record: an engine move, also when the table made it for a player whose
// turn timer ran out ("timeout play 1 QS"), or not a move at all ("back 1",
// a player taking their seat back from the computer).
func lausLogAction(t *testing.T, data []byte) (a laus.Action, timedOut, ok bool) {
	t.Helper()
	text := string(data)
	if strings.HasPrefix(text, "back ") {
		return nil, false, false
	}
	text, timedOut = strings.CutPrefix(text, "timeout ")
	a, err := laus.UnmarshalAction([]byte(text))
	if err != nil {
		t.Fatalf("stored record %q: %v", data, err)
	}
	return a, timedOut, true
}

// loadLaus replays the channel's latest Laus match from the store.
func loadLaus(t *testing.T, w *world) lausFinal {
	t.Helper()
	board, err := w.st.LausScoreboard(t.Context(), w.guild.ID(), w.ch.ID())
	if err != nil {
		t.Fatalf("LausScoreboard: %v", err)
	}
	_, recs, err := w.st.LoadGame(t.Context(), board.Game.ID)
	if err != nil || len(recs) == 0 {
		t.Fatalf("LoadGame: %d records, %v", len(recs), err)
	}
	var f lausFinal
	f.board, f.recs = board, recs
	if _, err := fmt.Sscanf(string(recs[0].Data), "start %x", &f.seed); err != nil {
		t.Fatalf("start record %q: %v", recs[0].Data, err)
	}
	var acts []laus.Action
	for _, r := range recs[1:] {
		if a, _, ok := lausLogAction(t, r.Data); ok {
			acts = append(acts, a)
		}
	}
	var s struct{ Target int }
	_ = json.Unmarshal(board.Game.Settings, &s)
	f.match, err = laus.Replay(laus.MatchConfig{Seats: len(board.Game.Seats), Target: s.Target}, f.seed, acts)
	if err != nil {
		t.Fatalf("replaying the stored log: %v", err)
	}
	return f
}

var roundScore = regexp.MustCompile(`round \*\*(-?\d+)\*\* · total \*\*(-?\d+)\*\*`)

// checkLausScores compares every round's posted summary and stored scores
// with the engine's own account, replayed from the stored log.
func checkLausScores(t *testing.T, w *world, f lausFinal, matchNo int) {
	t.Helper()
	results := f.match.Results()
	if !f.match.Over() || len(results) == 0 {
		t.Fatalf("replayed match: over %v after %d rounds, want a finished match", f.match.Over(), len(results))
	}
	if len(f.board.Rounds) != len(results) {
		t.Fatalf("store has %d rounds, the engine %d", len(f.board.Rounds), len(results))
	}
	if !slices.Equal(f.board.Losers, f.match.Losers()) {
		t.Errorf("stored losers %v, want %v", f.board.Losers, f.match.Losers())
	}
	t.Logf("checking %d round(s); totals %v; losers %v", len(results), f.match.Totals(), f.match.Losers())
	summaries := map[int]string{}
	for _, m := range w.ch.Messages() {
		for _, e := range m.Embeds {
			var mn, r int
			i := strings.Index(e.Title, "match ")
			if i < 0 || !strings.HasSuffix(e.Title, "result") {
				continue
			}
			if _, err := fmt.Sscanf(e.Title[i:], "match %d · round %d", &mn, &r); err == nil && mn == matchNo {
				summaries[r] = text(m)
			}
		}
	}
	for i, rr := range results {
		stored := f.board.Rounds[i]
		if stored.Round != rr.Round || stored.Multiplier != rr.Multiplier.Factor {
			t.Errorf("stored round %d ×%d, want round %d ×%d", stored.Round, stored.Multiplier, rr.Round, rr.Multiplier.Factor)
		}
		sum, ok := summaries[rr.Round]
		if !ok {
			t.Errorf("no summary message was posted for round %d", rr.Round)
			continue
		}
		if rr.Multiplier.Slam < 0 && !strings.Contains(sum, fmt.Sprintf("**×%d**", rr.Multiplier.Factor)) {
			t.Errorf("round %d summary does not state the multiplier ×%d:\n%s", rr.Round, rr.Multiplier.Factor, sum)
		}
		posted := roundScore.FindAllStringSubmatch(sum, -1)
		if len(posted) != len(rr.Seats) {
			t.Fatalf("round %d summary lists %d scores, want %d:\n%s", rr.Round, len(posted), len(rr.Seats), sum)
		}
		for s, sr := range rr.Seats {
			score, _ := strconv.Atoi(posted[s][1])
			total, _ := strconv.Atoi(posted[s][2])
			if score != sr.Score || total != sr.Total {
				t.Errorf("round %d seat %d: summary says %d (total %d), want %d (total %d)", rr.Round, s, score, total, sr.Score, sr.Total)
			}
			sc := stored.Scores[s]
			if sc.Score != sr.Score || sc.Total != sr.Total || sc.CardPoints != sr.Points.CardPoints ||
				sc.QueenBonus != sr.Points.Bonus || sc.Tricks != sr.Tricks || sc.Slam != (rr.Multiplier.Slam == s) {
				t.Errorf("round %d seat %d: stored %+v, want %+v", rr.Round, s, sc, sr)
			}
			if !strings.Contains(sum, fmt.Sprintf("%d card points", sr.Points.CardPoints)) {
				t.Errorf("round %d summary does not show seat %d's %d card points", rr.Round, s, sr.Points.CardPoints)
			}
		}
	}
}

// checkScoreboard runs /laus scoreboard and compares it with the store.
func checkScoreboard(t *testing.T, w *world, p *player, f lausFinal, humans []*player) {
	t.Helper()
	r, err := p.u.Slash(w.ch, "laus scoreboard")
	cb := answer(t, r, err)
	sb := text(cb.Message)
	last := f.board.Rounds[len(f.board.Rounds)-1]
	for _, sc := range last.Scores {
		if !strings.Contains(sb, fmt.Sprintf("total **%d**", sc.Total)) {
			t.Errorf("scoreboard does not show seat %d's total %d:\n%s", sc.Seat, sc.Total, sb)
		}
	}
	for _, rd := range f.board.Rounds {
		if !strings.Contains(sb, fmt.Sprintf("Round %d ×%d:", rd.Round, rd.Multiplier)) {
			t.Errorf("scoreboard has no line for round %d ×%d:\n%s", rd.Round, rd.Multiplier, sb)
		}
	}
	table, err := w.st.LausTable(t.Context(), w.guild.ID())
	if err != nil {
		t.Fatal(err)
	}
	if len(table) != len(humans) {
		t.Errorf("all-time table has %d players, want %d", len(table), len(humans))
	}
	for _, ps := range table {
		want := fmt.Sprintf("<@%s> — %d match(es), %d lost · %d round(s)", ps.User, ps.Matches, ps.Losses, ps.Rounds)
		if !strings.Contains(sb, want) {
			t.Errorf("scoreboard lacks %q:\n%s", want, sb)
		}
	}
}

var lausCard = regexp.MustCompile(`(10|[789JQKA])[♣♠♥♦]`)
var roundTitle = regexp.MustCompile(`match (\d+) · round (\d+)`)

// checkNoHiddenCards scans every public message the bot sent before until
// for a card that was still hidden when it was sent: a table message of a
// round may name only cards already played in that round (all of them once
// the round is over); round summaries come after the round, when every card
// has been shown.
func checkNoHiddenCards(t *testing.T, w *world, f lausFinal, matchNo int, until time.Time) {
	t.Helper()
	type shown struct {
		card laus.Card
		at   time.Time
	}
	played := map[int][]shown{}
	ended := map[int]time.Time{}
	m, _ := laus.NewMatch(f.match.Config(), f.seed)
	for _, r := range f.recs[1:] {
		a, _, ok := lausLogAction(t, r.Data)
		if !ok {
			continue
		}
		round := m.Round()
		if p, ok := a.(laus.Play); ok {
			played[round] = append(played[round], shown{p.Card, r.CreatedAt})
		}
		if err := m.Apply(a); err != nil {
			t.Fatal(err)
		}
		if m.Round() != round || m.Over() {
			ended[round] = r.CreatedAt
		}
	}
	checked := 0
	for _, req := range w.srv.Requests() {
		if req.Start.After(until) || req.Method != "POST" && req.Method != "PATCH" {
			continue
		}
		var titles []string
		switch {
		case strings.HasPrefix(req.Route, "/channels/"):
			var body struct{ Embeds []struct{ Title string } }
			_ = json.Unmarshal(req.Body, &body)
			for _, e := range body.Embeds {
				titles = append(titles, e.Title)
			}
		case strings.HasPrefix(req.Route, "/interactions/"):
			var body struct {
				Data struct {
					Flags  int
					Embeds []struct{ Title string }
				}
			}
			_ = json.Unmarshal(req.Body, &body)
			if body.Data.Flags&int(discordgo.MessageFlagsEphemeral) != 0 {
				continue
			}
			private := false
			for _, e := range body.Data.Embeds {
				private = private || strings.HasPrefix(e.Title, "Your hand")
				titles = append(titles, e.Title)
			}
			if private {
				continue // an update of a player's own hand message
			}
		default:
			continue // webhook edits go to players' own ephemeral messages
		}
		cards := lausCard.FindAllString(string(req.Body), -1)
		if len(cards) == 0 {
			continue
		}
		checked++
		title := strings.Join(titles, " | ")
		if strings.Contains(title, "result") {
			continue
		}
		sm := roundTitle.FindStringSubmatch(title)
		if sm == nil {
			t.Errorf("public message %q names cards %v", title, cards)
			continue
		}
		mn, _ := strconv.Atoi(sm[1])
		round, _ := strconv.Atoi(sm[2])
		if mn != matchNo {
			continue
		}
		if at, ok := ended[round]; ok && !at.After(req.Start) {
			continue
		}
		for _, cs := range cards {
			c, _ := laus.ParseCard(cs)
			if !slices.ContainsFunc(played[round], func(s shown) bool { return s.card == c && !s.at.After(req.Start) }) {
				t.Errorf("public message %q sent at %v names %s, which was still hidden in round %d", title, req.Start.Format("15:04:05.000"), cs, round)
			}
		}
	}
	if checked == 0 {
		t.Error("no public message named any card: the scan checked nothing")
	}
}

func TestLausThreePlayerMatch(t *testing.T) {
	w := newWorld(t)
	alice, bob, carol, dave := w.player("alice"), w.player("bob"), w.player("carol"), w.player("dave")
	players := []*player{alice, bob, carol}

	r, err := alice.u.Slash(w.ch, "laus new", discordtest.IntOpt("target", 1500), discordtest.IntOpt("turn_timer", 600))
	if cb := answer(t, r, err); !cb.Ephemeral || !strings.Contains(text(cb.Message), "is open") {
		t.Fatalf("/laus new answered %q, want an ephemeral confirmation", text(cb.Message))
	}
	lobby := w.tableMessage("Click **Join**")
	bob.click(lobby, button(lobby, "join", "*"))
	lobby = w.tableMessage("<@" + bob.u.ID() + ">")
	if cb := alice.click(lobby, button(lobby, "start", "*")); !cb.Ephemeral || !strings.Contains(text(cb.Message), "Laus needs 3 or 4 players and 2 are seated") {
		t.Fatalf("Start with two players answered %q, want a refusal naming 3 or 4 players", text(cb.Message))
	}
	carol.click(lobby, button(lobby, "join", "*"))
	lobby = w.tableMessage("<@" + carol.u.ID() + ">")
	if cb := bob.click(lobby, button(lobby, "start", "*")); !cb.Ephemeral || !strings.Contains(text(cb.Message), "Only the host") {
		t.Fatalf("bob's Start answered %q, want a refusal: only the host starts", text(cb.Message))
	}
	alice.click(lobby, button(lobby, "start", "*"))
	table := w.tableMessage("match 1 · round 1")
	if cb := dave.click(table, button(table, "hand", "*")); !strings.Contains(text(cb.Message), "not seated") {
		t.Fatalf("dave's My hand answered %q, want a refusal: not seated", text(cb.Message))
	}
	for _, p := range players {
		h := p.openHand(table)
		if n := len(lausCard.FindAllString(h.Embeds[0].Fields[0].Value, -1)); n != 10 {
			t.Fatalf("%s's hand shows %d cards, want 10:\n%s", p.u.Name(), n, text(h))
		}
	}

	// A stale button: the first skat decider opens a second hand message,
	// decides there, then clicks the first one's button from before.
	first, old := lausMover(t, w, players)
	fresh := first.openHand(w.tableMessage("match 1 · round 1"))
	skatTurns := 0
	fresh = lausMove(t, first, fresh, &skatTurns).Message
	before := loadLaus(t, w).recs
	cb := first.click(old, button(old, "pass", "*"))
	if !strings.Contains(text(cb.Message), "earlier moment") {
		t.Errorf("a stale Pass answered %q, want it refused as from an earlier moment", text(cb.Message))
	}
	if after := loadLaus(t, w).recs; len(after) != len(before) {
		t.Errorf("a stale click stored an action: %d records, want %d", len(after), len(before))
	}
	first.click(fresh, button(fresh, "refresh", "*"))

	moves := 0
	for {
		p, hand := lausMover(t, w, players)
		if p == nil {
			break
		}
		if cb := lausMove(t, p, hand, &skatTurns); strings.Contains(text(cb.Message), "⚠️") {
			t.Fatalf("%s's move was refused:\n%s", p.u.Name(), text(cb.Message))
		}
		if moves++; moves > 2000 {
			t.Fatal("no end after 2000 moves")
		}
	}
	final := w.tableMessage("[Play again]")
	end := time.Now()
	f := loadLaus(t, w)
	if skatTurns < 2 {
		t.Errorf("only %d skat decisions were made by people, want both a look and a pass", skatTurns)
	}
	checkLausScores(t, w, f, 1)
	for _, l := range f.match.Losers() {
		if !strings.Contains(text(final), "<@"+players[l].u.ID()+">") {
			t.Errorf("final table does not name loser %s:\n%s", players[l].u.Name(), text(final))
		}
	}
	checkScoreboard(t, w, alice, f, players)
	checkNoHiddenCards(t, w, f, 1, end)

	// Play again starts a new match with the same seats.
	bob.click(final, button(final, "again", "*"))
	w.tableMessage("match 2 · round 1")
	w.noFailures()
}

func TestLausFourPlayerMatchSurvivesRestart(t *testing.T) {
	w := newWorld(t)
	alice, bob := w.player("alice"), w.player("bob")
	players := []*player{alice, bob}
	r, err := alice.u.Slash(w.ch, "laus new", discordtest.IntOpt("target", 1500))
	answer(t, r, err)
	lobby := w.tableMessage("Click **Join**")
	bob.click(lobby, button(lobby, "join", "*"))
	if cb := bob.click(lobby, button(lobby, "computer", "*")); !strings.Contains(text(cb.Message), "Only the host") {
		t.Fatalf("bob's Add computer answered %q, want a refusal", text(cb.Message))
	}
	alice.click(lobby, button(lobby, "computer", "*"))
	alice.click(lobby, button(lobby, "computer", "*"))
	alice.click(lobby, button(lobby, "start", "*"))
	table := w.tableMessage("match 1 · round 1")
	for _, p := range players {
		p.openHand(table)
	}
	skatTurns, moves, restarted := 0, 0, false
	for {
		p, hand := lausMover(t, w, players)
		if p == nil {
			break
		}
		if !restarted && moves >= 6 && !strings.Contains(text(hand), "No card yet.") {
			// Mid-trick: stop the bot and start a new one on the same database.
			cards := hand.Embeds[0].Fields[0].Value
			onTable := hand.Embeds[0].Fields[1].Value
			w.restart()
			restarted = true
			table = w.tableMessage("restarted")
			for _, q := range players {
				q.openHand(table)
			}
			p, hand = lausMover(t, w, players)
			if got := hand.Embeds[0].Fields[0].Value; got != cards {
				t.Fatalf("after the restart the mover holds\n%s\nwant\n%s", got, cards)
			}
			if got := hand.Embeds[0].Fields[1].Value; got != onTable {
				t.Fatalf("after the restart the trick shows %q, want %q", got, onTable)
			}
		}
		if cb := lausMove(t, p, hand, &skatTurns); strings.Contains(text(cb.Message), "⚠️") {
			t.Fatalf("%s's move was refused:\n%s", p.u.Name(), text(cb.Message))
		}
		if moves++; moves > 2000 {
			t.Fatal("no end after 2000 moves")
		}
	}
	if !restarted {
		t.Fatal("the match ended before the test could restart the bot mid-trick")
	}
	w.tableMessage("[Play again]")
	end := time.Now()
	f := loadLaus(t, w)
	if skatTurns != 0 {
		t.Errorf("a four-player hand offered the skat %d times", skatTurns)
	}
	checkLausScores(t, w, f, 1)
	checkScoreboard(t, w, bob, f, players)
	if len(f.match.Results()) > 1 {
		// Round 1's table message was retired: it says the round is over and
		// offers no button. A click forged from its old My hand is refused.
		first := w.tableMessage("round 1 is over")
		if ids := discordtest.CustomIDs(first); len(ids) != 0 {
			t.Errorf("round 1's retired message still offers %v", ids)
		}
		final := w.tableMessage("[Play again]")
		parts := strings.Split(button(final, "again", "*"), "/")
		r, err := alice.u.ForgeClick(w.ch, strings.Join([]string{parts[0], parts[1], parts[2], parts[3], "hand", "1"}, "/"))
		if cb := answer(t, r, err); !strings.Contains(text(cb.Message), "earlier round") {
			t.Errorf("My hand for round 1 answered %q, want a refusal naming an earlier round", text(cb.Message))
		}
	}
	checkNoHiddenCards(t, w, f, 1, end)
	w.noFailures()
}

func TestLausTimeoutsHandTheSeatToTheComputer(t *testing.T) {
	w := newWorld(t, func(o *bot.Options) { o.TurnTimerUnit = 20 * time.Millisecond })
	alice, dave := w.player("alice"), w.player("dave")
	r, err := alice.u.Slash(w.ch, "laus new", discordtest.IntOpt("target", 100000), discordtest.IntOpt("turn_timer", 15))
	answer(t, r, err)
	lobby := w.tableMessage("Click **Join**")
	alice.click(lobby, button(lobby, "computer", "*"))
	alice.click(lobby, button(lobby, "computer", "*"))
	alice.click(lobby, button(lobby, "start", "*"))
	table := w.tableMessage("match 1 · round 1")
	alice.openHand(table)

	// alice does nothing: three timed-out turns later the computer keeps her seat.
	hand := alice.waitHand("the I'm back button", func(m *discordgo.Message) bool { return button(m, "resume", "*") != "" })
	if !strings.Contains(text(hand), "computer is playing your seat") {
		t.Errorf("alice's hand does not say the computer plays for her:\n%s", text(hand))
	}
	table = w.tableMessage("computer stands in")
	if cb := dave.click(table, button(table, "back", "*")); !strings.Contains(text(cb.Message), "not seated") {
		t.Errorf("dave's I'm back answered %q, want a refusal: not seated", text(cb.Message))
	}
	// While she is away her turns are played promptly, not after her timer.
	time.Sleep(600 * time.Millisecond)
	f := loadLaus(t, w)
	takeover, quick, seat := 0, 0, seatOfUser(f, alice)
	for i, rec := range f.recs[1:] {
		// f.recs[i] is the action before rec: the gap is how long alice's turn took.
		a, timedOut, ok := lausLogAction(t, rec.Data)
		if !ok || a.Actor() != seat {
			continue
		}
		gap := rec.At.Sub(f.recs[i].At)
		if timedOut != (gap >= 250*time.Millisecond) {
			t.Errorf("alice's move %q came after %v but is stored as %q", a, gap, rec.Data)
		}
		if gap >= 250*time.Millisecond {
			takeover++
			continue
		}
		if takeover >= 3 {
			quick++
		}
	}
	if takeover != 3 || quick == 0 {
		t.Errorf("alice's turns: %d timed out, %d played promptly after; want exactly 3 timed out, then prompt ones", takeover, quick)
	}

	cb := alice.click(hand, button(hand, "resume", "*"))
	if !strings.Contains(text(cb.Message), "Welcome back") {
		t.Fatalf("I'm back answered %q, want a welcome", text(cb.Message))
	}
	for try := 0; ; try++ {
		p, h := lausMover(t, w, []*player{alice})
		if p == nil {
			t.Fatal("the match ended")
		}
		skat := 0
		cb := lausMove(t, alice, h, &skat)
		if !strings.Contains(text(cb.Message), "⚠️") {
			break
		}
		if try == 3 {
			t.Fatalf("alice could not move herself after I'm back:\n%s", text(cb.Message))
		}
	}
	w.noFailures()
}

// seatOfUser returns p's seat in the stored match, or -1.
func seatOfUser(f lausFinal, p *player) int {
	return slices.IndexFunc(f.board.Game.Seats, func(s store.Seat) bool { return s.User == p.u.ID() })
}
