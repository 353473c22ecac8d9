package bot_test

import (
	"encoding/json"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot"
	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/internal/e2e"
	"github.com/cardbot/cardbot/bot/metrics"
)

// sample returns the value of series in a scrape of m, or fails.
func sample(t *testing.T, m *metrics.Metrics, series string) float64 {
	t.Helper()
	v, ok := scrape(t, m, series)
	if !ok {
		t.Fatalf("no series %s in the scrape", series)
	}
	return v
}

// scrape returns the value of series in a scrape of m, if it has one.
func scrape(t *testing.T, m *metrics.Metrics, series string) (float64, bool) {
	t.Helper()
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	for _, line := range strings.Split(rec.Body.String(), "\n") {
		if rest, ok := strings.CutPrefix(line, series+" "); ok {
			v, err := strconv.ParseFloat(rest, 64)
			if err != nil {
				t.Fatal(err)
			}
			return v, true
		}
	}
	return 0, false
}

// waitSample waits until series reaches want: the bot records an answer
// just after Discord has it, so a scrape may come a moment early, before
// the series even exists (a game's end: it failed so on a loaded machine).
func waitSample(t *testing.T, m *metrics.Metrics, series string, want float64) {
	t.Helper()
	deadline := time.Now().Add(e2e.Patience)
	for {
		got, ok := scrape(t, m, series)
		if ok && got == want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s = %v, want %v", series, got, want)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// waitDeferrals waits until the bot counts as deferred every interaction
// it deferred, as the fake saw them: the stalled click, and any other a
// busy machine made slower than the stalled world's 300 ms DeferAfter (an
// exact count of 1 failed while another go test shared the machine).
func waitDeferrals(t *testing.T, m *metrics.Metrics, w *e2e.World) {
	t.Helper()
	var seen, counted float64
	for deadline := time.Now().Add(e2e.Patience); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		seen = 0
		for _, r := range w.Srv.Requests() {
			var cb struct {
				Type discordgo.InteractionResponseType
			}
			if r.Method == "POST" && strings.HasPrefix(r.Route, "/interactions/") && strings.HasSuffix(r.Route, "/callback") &&
				json.Unmarshal(r.JSON(), &cb) == nil && (cb.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource ||
				cb.Type == discordgo.InteractionResponseDeferredMessageUpdate) {
				seen++
			}
		}
		counted = sample(t, m, `cardbot_interactions_total{kind="component",outcome="deferred"}`) +
			sample(t, m, `cardbot_interactions_total{kind="command",outcome="deferred"}`)
		if seen >= 1 && counted == seen {
			return
		}
	}
	t.Fatalf("deferred interactions: the bot counted %v, Discord saw %v (want at least the stalled click)", counted, seen)
}

// TestMetricsOfAWholeGame plays a Laro game to its end with metrics on and
// checks what an operator would read: the finished game, the table's
// phase, every click counted, slow clicks as deferred.
func TestMetricsOfAWholeGame(t *testing.T) {
	t.Parallel()
	m := metrics.New()
	w := e2e.StalledWorld(t, func(o *bot.Options) { o.Metrics = m })
	alice, bob := w.Player("alice"), w.Player("bob")
	players := []*e2e.Player{alice, bob}
	table := e2e.OpenTable(t, w, alice, []*e2e.Player{bob}, e2e.QuickOpts(1)...)
	waitSample(t, m, `cardbot_live_tables{game="laro",phase="playing"}`, 1)
	waitSample(t, m, `cardbot_live_tables{game="laus",phase="lobby"}`, 0)

	// One move while the disk is stalled: answered "thinking…" first.
	alice.OpenHand(w.Ch.Message(table.ID))
	hand := alice.WaitHand("the draw", func(m *discordgo.Message) bool { return e2e.Button(m, "draw", "deck") != "" })
	w.Slowly("alice's draw", false, func() (*discordtest.Response, error) {
		return alice.U.Click(hand, e2e.Button(hand, "draw", "deck"))
	})
	hand = alice.WaitHand("discards", func(m *discordgo.Message) bool { return e2e.Button(m, "discard", "*") != "" })
	alice.Click(hand, e2e.Button(hand, "discard", "*"))
	waitDeferrals(t, m, w)

	e2e.PlayToEnd(t, w, players)
	waitSample(t, m, `cardbot_games_finished_total{game="laro"}`, 1)
	waitSample(t, m, `cardbot_live_tables{game="laro",phase="finished"}`, 1)
	waitSample(t, m, `cardbot_live_tables{game="laro",phase="playing"}`, 0)

	answered := sample(t, m, `cardbot_interactions_total{kind="component",outcome="answered"}`)
	// Join, Start, two My hand, and at least a draw and a discard a turn.
	if answered < 6 {
		t.Errorf("component interactions answered: %v, want at least 6", answered)
	}
	commands := sample(t, m, `cardbot_interactions_total{kind="command",outcome="answered"}`) +
		sample(t, m, `cardbot_interactions_total{kind="command",outcome="deferred"}`)
	if commands != 1 {
		t.Errorf("commands answered or deferred: %v, want 1 (/laro new)", commands)
	}
	// Every interaction: the clicks answered at once, the command, and
	// those deferred (the stalled one, and any other a busy machine made slow).
	deferred := sample(t, m, `cardbot_interactions_total{kind="component",outcome="deferred"}`)
	all := answered + commands + deferred
	firsts := sample(t, m, `cardbot_interaction_first_reply_seconds_count`)
	results := sample(t, m, `cardbot_interaction_result_seconds_count`)
	if firsts != all || results != all {
		t.Errorf("first replies %v and results %v, want one each per interaction (%v)", firsts, results, all)
	}
	if n := sample(t, m, `cardbot_interaction_first_reply_seconds_bucket{le="3"}`); n != firsts {
		t.Errorf("%v of %v first replies within 3 s, want all (the slow click was deferred)", n, firsts)
	}
	if n := sample(t, m, `cardbot_store_batch_actions_sum`); n < 3 {
		t.Errorf("actions group-committed: %v, want the start and at least a draw and a discard", n)
	}
	if n := sample(t, m, `cardbot_interactions_total{kind="component",outcome="failed"}`); n != 0 {
		t.Errorf("failed interactions: %v, want none", n)
	}
	w.NoFailures()
}
