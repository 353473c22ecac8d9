package laus_test

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
	"github.com/cardbot/cardbot/bot/internal/e2e"
	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/engine/laus"
	"github.com/cardbot/cardbot/store"
)

var roundScore = regexp.MustCompile(`round \*\*(-?\d+)\*\* · total \*\*(-?\d+)\*\*`)

// checkLausScores compares every round's posted summary and stored scores
// with the engine's own account, replayed from the stored log.
func checkLausScores(t *testing.T, w *e2e.World, f e2e.LausFinal, matchNo int) {
	t.Helper()
	results := f.Match.Results()
	if !f.Match.Over() || len(results) == 0 {
		t.Fatalf("replayed match: over %v after %d rounds, want a finished match", f.Match.Over(), len(results))
	}
	if len(f.Board.Rounds) != len(results) {
		t.Fatalf("store has %d rounds, the engine %d", len(f.Board.Rounds), len(results))
	}
	if !slices.Equal(f.Board.Losers, f.Match.Losers()) {
		t.Errorf("stored losers %v, want %v", f.Board.Losers, f.Match.Losers())
	}
	t.Logf("checking %d round(s); totals %v; losers %v", len(results), f.Match.Totals(), f.Match.Losers())
	// Each round's summary is shown in the summary message, edited from
	// round to round: every version the channel showed. The last one comes
	// after the final table message (see outbox.Outbox.EditKept).
	w.TableMessage(fmt.Sprintf("match %d · round %d result", matchNo, len(results)))
	summaries := map[int]string{}
	in := map[string]bool{} // the messages that showed them
	for _, m := range w.Ch.History() {
		for _, e := range m.Embeds {
			var mn, r int
			i := strings.Index(e.Title, "match ")
			if i < 0 || !strings.HasSuffix(e.Title, "result") {
				continue
			}
			if _, err := fmt.Sscanf(e.Title[i:], "match %d · round %d", &mn, &r); err == nil && mn == matchNo {
				summaries[r] = e2e.Text(&discordgo.Message{Embeds: []*discordgo.MessageEmbed{e}})
				in[m.ID] = true
			}
		}
	}
	if len(in) != 1 {
		t.Errorf("the round summaries were shown in %d messages, want one edited in place", len(in))
	}
	for i, rr := range results {
		stored := f.Board.Rounds[i]
		if stored.Round != rr.Round || stored.Multiplier != rr.Multiplier.Factor {
			t.Errorf("stored round %d ×%d, want round %d ×%d", stored.Round, stored.Multiplier, rr.Round, rr.Multiplier.Factor)
		}
		sum, ok := summaries[rr.Round]
		if !ok {
			t.Errorf("the channel never showed round %d's summary", rr.Round)
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
			if !strings.Contains(sum, fmt.Sprintf("%d pts", sr.Points.CardPoints)) {
				t.Errorf("round %d summary does not show seat %d's %d card points", rr.Round, s, sr.Points.CardPoints)
			}
		}
	}
}

// checkScoreboard runs /laus scoreboard and compares it with the store.
func checkScoreboard(t *testing.T, w *e2e.World, p *e2e.Player, f e2e.LausFinal, humans []*e2e.Player) {
	t.Helper()
	r, err := p.U.Slash(w.Ch, "laus scoreboard")
	sb := e2e.Text(e2e.Shown(t, r, e2e.Answer(t, r, err)))
	last := f.Board.Rounds[len(f.Board.Rounds)-1]
	seats := table.SeatsFromStore(f.Board.Game.Seats)
	named := func(seat int) string { return seats[seat].Label() }
	// The totals name their players, lowest total (the leader) first.
	at := -1
	for _, sc := range slices.SortedStableFunc(slices.Values(last.Scores), func(a, b store.LausSeatScore) int { return a.Total - b.Total }) {
		// Each row is found after the one before: a row out of order is
		// not found at all.
		i := strings.Index(sb[at+1:], fmt.Sprintf("total **%d**", sc.Total))
		if i < 0 {
			t.Errorf("scoreboard does not show seat %d's total %d after the lower ones:\n%s", sc.Seat, sc.Total, sb)
			continue
		}
		i += at + 1
		if !strings.Contains(sb[max(0, i-60):i], named(sc.Seat)+": ") {
			t.Errorf("scoreboard does not name seat %d (%s) at its total %d:\n%s", sc.Seat, named(sc.Seat), sc.Total, sb)
		}
		at = i
	}
	for _, rd := range f.Board.Rounds {
		if !strings.Contains(sb, fmt.Sprintf("Round %d ×%d:", rd.Round, rd.Multiplier)) {
			t.Errorf("scoreboard has no line for round %d ×%d:\n%s", rd.Round, rd.Multiplier, sb)
		}
	}
	allTime, err := w.St.LausTable(t.Context(), w.Guild.ID())
	if err != nil {
		t.Fatal(err)
	}
	if len(allTime) != len(humans) {
		t.Errorf("all-time table has %d players, want %d", len(allTime), len(humans))
	}
	for _, ps := range allTime {
		var who *e2e.Player
		for _, h := range humans {
			if h.U.ID() == ps.User {
				who = h
			}
		}
		if who == nil {
			t.Fatalf("the all-time table holds %s, who did not play", ps.User)
		}
		want := fmt.Sprintf("%s — %s, %d lost · %s", e2e.Named(who), ui.Count(ps.Matches, "match", "matches"), ps.Losses, ui.Count(ps.Rounds, "round", "rounds"))
		if !strings.Contains(sb, want) {
			t.Errorf("scoreboard lacks %q:\n%s", want, sb)
		}
	}
}

// checkNoHiddenCards scans every public message the bot sent before until
// for a card that was still hidden when it was sent: a table message of a
// round may name only cards already played in that round (all of them once
// the round is over); round summaries come after the round, when every card
// has been shown.
func checkNoHiddenCards(t *testing.T, w *e2e.World, f e2e.LausFinal, matchNo int, until time.Time) {
	t.Helper()
	type shown struct {
		card laus.Card
		at   time.Time
	}
	played := map[int][]shown{}
	ended := map[int]time.Time{}
	m, _ := laus.NewMatch(f.Match.Config(), f.Seed)
	for _, r := range f.Recs[1:] {
		a, _, ok := e2e.LausLogAction(t, r.Data)
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
	for _, req := range w.Srv.Requests() {
		if req.Start.After(until) || req.Method != "POST" && req.Method != "PATCH" {
			continue
		}
		var embeds []json.RawMessage
		switch {
		case strings.HasPrefix(req.Route, "/channels/"):
			var body struct{ Embeds []json.RawMessage }
			_ = json.Unmarshal(req.JSON(), &body)
			embeds = body.Embeds
		case strings.HasPrefix(req.Route, "/interactions/"):
			var body struct {
				Data struct {
					Flags  int
					Embeds []json.RawMessage
				}
			}
			_ = json.Unmarshal(req.JSON(), &body)
			if body.Data.Flags&int(discordgo.MessageFlagsEphemeral) != 0 {
				continue
			}
			embeds = body.Data.Embeds
		case req.Method == "PATCH" && strings.HasPrefix(req.Route, "/webhooks/") &&
			w.Ch.Message(req.Path[strings.LastIndex(req.Path, "/")+1:]) != nil:
			// The table message edited through a click's token.
			var body struct{ Embeds []json.RawMessage }
			_ = json.Unmarshal(req.JSON(), &body)
			embeds = body.Embeds
		default:
			continue // other webhook calls go to players' own ephemeral messages
		}
		// Each embed on its own (a message of one embed today, but a
		// summary must never hide a card behind another embed's title).
		for _, raw := range embeds {
			var e struct{ Title string }
			_ = json.Unmarshal(raw, &e)
			if strings.HasPrefix(e.Title, "Your hand") {
				break // an update of a player's own hand message
			}
			cards := e2e.LausCard.FindAllString(string(raw), -1)
			if len(cards) == 0 {
				continue
			}
			checked++
			if strings.HasSuffix(e.Title, "result") {
				continue // a finished round's summary: every card was shown
			}
			sm := e2e.RoundTitle.FindStringSubmatch(e.Title)
			if sm == nil {
				t.Errorf("public message %q names cards %v", e.Title, cards)
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
					t.Errorf("public message %q sent at %v names %s, which was still hidden in round %d", e.Title, req.Start.Format("15:04:05.000"), cs, round)
				}
			}
		}
	}
	if checked == 0 {
		t.Error("no public message named any card: the scan checked nothing")
	}
}

func TestLausThreePlayerMatch(t *testing.T) {
	w := e2e.NewWorld(t)
	alice, bob, carol, dave := w.Player("alice"), w.Player("bob"), w.Player("carol"), w.Player("dave")
	players := []*e2e.Player{alice, bob, carol}

	r, err := alice.U.Slash(w.Ch, "laus new", discordtest.IntOpt("target", 1500), discordtest.IntOpt("turn_timer", 600))
	if cb := e2e.Answer(t, r, err); !cb.Ephemeral || !strings.Contains(e2e.Text(cb.Message), "is open") {
		t.Fatalf("/laus new answered %q, want an ephemeral confirmation", e2e.Text(cb.Message))
	}
	lobby := w.TableMessage("Click **Join**")
	bob.Click(lobby, e2e.Button(lobby, "join", "*"))
	lobby = w.TableMessage(e2e.Named(bob))
	if cb := alice.Click(lobby, e2e.Button(lobby, "start", "*")); !cb.Ephemeral || !strings.Contains(e2e.Text(cb.Message), "Laus needs 3 or 4 players and 2 are seated") {
		t.Fatalf("Start with two players answered %q, want a refusal naming 3 or 4 players", e2e.Text(cb.Message))
	}
	carol.Click(lobby, e2e.Button(lobby, "join", "*"))
	lobby = w.TableMessage(e2e.Named(carol))
	if cb := bob.Click(lobby, e2e.Button(lobby, "start", "*")); !cb.Ephemeral || !strings.Contains(e2e.Text(cb.Message), "Only the host") {
		t.Fatalf("bob's Start answered %q, want a refusal: only the host starts", e2e.Text(cb.Message))
	}
	alice.Click(lobby, e2e.Button(lobby, "start", "*"))
	table := w.TableMessage("match 1 · round 1")
	if cb := dave.Click(table, e2e.Button(table, "hand", "*")); !strings.Contains(e2e.Text(cb.Message), "not seated") {
		t.Fatalf("dave's My hand answered %q, want a refusal: not seated", e2e.Text(cb.Message))
	}
	for _, p := range players {
		h := p.OpenHand(table)
		if n := len(e2e.LausCard.FindAllString(h.Embeds[0].Fields[0].Value, -1)); n != 10 {
			t.Fatalf("%s's hand shows %d cards, want 10:\n%s", p.U.Name(), n, e2e.Text(h))
		}
	}

	// A stale button: the first skat decider opens a second hand message,
	// decides there, then clicks the first one's button from before.
	first, old := e2e.LausMover(t, w, players)
	fresh := first.OpenHand(w.TableMessage("match 1 · round 1"))
	skatTurns := 0
	fresh = e2e.LausMove(t, first, fresh, &skatTurns).Message
	before := e2e.LoadLaus(t, w).Recs
	cb := first.Click(old, e2e.Button(old, "pass", "*"))
	if !strings.Contains(e2e.Text(cb.Message), "earlier moment") {
		t.Errorf("a stale Pass answered %q, want it refused as from an earlier moment", e2e.Text(cb.Message))
	}
	if after := e2e.LoadLaus(t, w).Recs; len(after) != len(before) {
		t.Errorf("a stale click stored an action: %d records, want %d", len(after), len(before))
	}
	first.Click(fresh, e2e.Button(fresh, "refresh", "*"))

	moves := 0
	for {
		p, hand := e2e.LausMover(t, w, players)
		if p == nil {
			break
		}
		if cb := e2e.LausMove(t, p, hand, &skatTurns); strings.Contains(e2e.Text(cb.Message), "⚠️") {
			t.Fatalf("%s's move was refused:\n%s", p.U.Name(), e2e.Text(cb.Message))
		}
		if moves++; moves > 2000 {
			t.Fatal("no end after 2000 moves")
		}
	}
	final := w.TableMessage("[Play again]")
	end := time.Now()
	f := e2e.LoadLaus(t, w)
	if skatTurns < 2 {
		t.Errorf("only %d skat decisions were made by people, want both a look and a pass", skatTurns)
	}
	checkLausScores(t, w, f, 1)
	for _, l := range f.Match.Losers() {
		if !strings.Contains(e2e.Text(final), e2e.Named(players[l])) {
			t.Errorf("final table does not name loser %s:\n%s", players[l].U.Name(), e2e.Text(final))
		}
	}
	checkScoreboard(t, w, alice, f, players)
	checkNoHiddenCards(t, w, f, 1, end)

	// Play again asks who is in: nobody is dealt in before saying so.
	bob.Click(final, e2e.Button(final, "again", "*"))
	for _, late := range []*e2e.Player{alice, carol} {
		waiting := w.WaitMessage(final.ID, "who is in", func(m *discordgo.Message) bool {
			return strings.Contains(e2e.Text(m), "Waiting for:") && strings.Contains(e2e.Text(m), e2e.Named(late))
		})
		if live, err := w.St.LiveGames(t.Context()); err != nil || len(live) != 0 {
			t.Fatalf("a match began before %s was in: %+v (%v)", late.U.Name(), live, err)
		}
		late.Click(waiting, e2e.Button(waiting, "again", "*"))
	}
	w.TableMessage("match 2 · round 1")
	w.NoFailures()
}

func TestLausFourPlayerMatchSurvivesRestart(t *testing.T) {
	w := e2e.NewWorld(t)
	alice, bob := w.Player("alice"), w.Player("bob")
	players := []*e2e.Player{alice, bob}
	r, err := alice.U.Slash(w.Ch, "laus new", discordtest.IntOpt("target", 1500))
	e2e.Answer(t, r, err)
	lobby := w.TableMessage("Click **Join**")
	bob.Click(lobby, e2e.Button(lobby, "join", "*"))
	if cb := bob.Click(lobby, e2e.Button(lobby, "computer", "*")); !strings.Contains(e2e.Text(cb.Message), "Only the host") {
		t.Fatalf("bob's Add computer answered %q, want a refusal", e2e.Text(cb.Message))
	}
	alice.Click(lobby, e2e.Button(lobby, "computer", "*"))
	alice.Click(lobby, e2e.Button(lobby, "computer", "*"))
	alice.Click(lobby, e2e.Button(lobby, "start", "*"))
	table := w.TableMessage("match 1 · round 1")
	for _, p := range players {
		p.OpenHand(table)
	}
	skatTurns, moves, restarted := 0, 0, false
	for {
		p, hand := e2e.LausMover(t, w, players)
		if p == nil {
			break
		}
		if !restarted && moves >= 6 && !strings.Contains(e2e.Text(hand), "No card yet.") {
			// Mid-trick: stop the bot and start a new one on the same database.
			cards := hand.Embeds[0].Fields[0].Value
			onTable := hand.Embeds[0].Fields[1].Value
			w.Restart()
			restarted = true
			table = w.TableMessage("restarted")
			for _, q := range players {
				q.OpenHand(table)
			}
			p, hand = e2e.LausMover(t, w, players)
			if got := hand.Embeds[0].Fields[0].Value; got != cards {
				t.Fatalf("after the restart the mover holds\n%s\nwant\n%s", got, cards)
			}
			if got := hand.Embeds[0].Fields[1].Value; got != onTable {
				t.Fatalf("after the restart the trick shows %q, want %q", got, onTable)
			}
		}
		if cb := e2e.LausMove(t, p, hand, &skatTurns); strings.Contains(e2e.Text(cb.Message), "⚠️") {
			t.Fatalf("%s's move was refused:\n%s", p.U.Name(), e2e.Text(cb.Message))
		}
		if moves++; moves > 2000 {
			t.Fatal("no end after 2000 moves")
		}
	}
	if !restarted {
		t.Fatal("the match ended before the test could restart the bot mid-trick")
	}
	w.TableMessage("[Play again]")
	end := time.Now()
	f := e2e.LoadLaus(t, w)
	if skatTurns != 0 {
		t.Errorf("a four-player hand offered the skat %d times", skatTurns)
	}
	checkLausScores(t, w, f, 1)
	checkScoreboard(t, w, bob, f, players)
	if len(f.Match.Results()) > 1 {
		// One table message served every round, edited in place.
		final := w.TableMessage("[Play again]")
		for _, m := range w.Ch.History() {
			if len(m.Embeds) > 0 && strings.HasSuffix(m.Embeds[0].Title, "· round 1") && m.ID != final.ID {
				t.Fatalf("round 1 was played in message %s, the match ended in %s: want one table message", m.ID, final.ID)
			}
		}
	}
	checkNoHiddenCards(t, w, f, 1, end)
	w.NoFailures()
}

func TestLausTimeoutsHandTheSeatToTheComputer(t *testing.T) {
	// Turns of 15 × 100 ms: a turn the computer plays at once takes well
	// under 1 s even on a loaded machine (with 20 ms units and a 250 ms
	// bound, one took 275 ms there), a timed-out one 1.5 s.
	w := e2e.NewWorld(t, func(o *bot.Options) { o.TurnTimerUnit = 100 * time.Millisecond })
	alice, dave := w.Player("alice"), w.Player("dave")
	r, err := alice.U.Slash(w.Ch, "laus new", discordtest.IntOpt("target", 100000), discordtest.IntOpt("turn_timer", 15))
	e2e.Answer(t, r, err)
	lobby := w.TableMessage("Click **Join**")
	alice.Click(lobby, e2e.Button(lobby, "computer", "*"))
	alice.Click(lobby, e2e.Button(lobby, "computer", "*"))
	alice.Click(lobby, e2e.Button(lobby, "start", "*"))
	table := w.TableMessage("match 1 · round 1")
	alice.OpenHand(table)

	// alice does nothing: three timed-out turns later the computer keeps her seat.
	hand := alice.WaitHand("the I'm back button", func(m *discordgo.Message) bool { return e2e.Button(m, "resume", "*") != "" })
	if !strings.Contains(e2e.Text(hand), "computer is playing your seat") {
		t.Errorf("alice's hand does not say the computer plays for her:\n%s", e2e.Text(hand))
	}
	table = w.TableMessage("computer stands in")
	if cb := dave.Click(table, e2e.Button(table, "back", "*")); !strings.Contains(e2e.Text(cb.Message), "not seated") {
		t.Errorf("dave's I'm back answered %q, want a refusal: not seated", e2e.Text(cb.Message))
	}
	// While she is away her turns are played promptly, not after her
	// timer: wait for one such turn (it was a fixed 600 ms wait).
	var takeover, quick int
	for deadline := time.Now().Add(e2e.Patience); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		f := e2e.LoadLaus(t, w)
		seat := e2e.SeatOfUser(f, alice)
		takeover, quick = 0, 0
		for i, rec := range f.Recs[1:] {
			// f.Recs[i] is the action before rec: the gap is how long alice's turn took.
			a, timedOut, ok := e2e.LausLogAction(t, rec.Data)
			if !ok || a.Actor() != seat {
				continue
			}
			gap := rec.At.Sub(f.Recs[i].At)
			if timedOut != (gap >= time.Second) {
				t.Errorf("alice's move %q came after %v but is stored as %q", a, gap, rec.Data)
			}
			if gap >= time.Second {
				takeover++
				continue
			}
			if takeover >= 3 {
				quick++
			}
		}
		if t.Failed() || takeover > 3 || quick > 0 {
			break
		}
	}
	if takeover != 3 || quick == 0 {
		t.Errorf("alice's turns: %d timed out, %d played promptly after; want exactly 3 timed out, then prompt ones", takeover, quick)
	}

	cb := alice.Click(hand, e2e.Button(hand, "resume", "*"))
	if !strings.Contains(e2e.Text(cb.Message), "Welcome back") {
		t.Fatalf("I'm back answered %q, want a welcome", e2e.Text(cb.Message))
	}
	for try := 0; ; try++ {
		p, h := e2e.LausMover(t, w, []*e2e.Player{alice})
		if p == nil {
			t.Fatal("the match ended")
		}
		skat := 0
		cb := e2e.LausMove(t, alice, h, &skat)
		if !strings.Contains(e2e.Text(cb.Message), "⚠️") {
			break
		}
		if try == 3 {
			t.Fatalf("alice could not move herself after I'm back:\n%s", e2e.Text(cb.Message))
		}
	}
	w.NoFailures()
}
