package metrics

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Kind is what an interaction was, as the interactions counter labels it.
type Kind uint8

// Kinds of interaction.
const (
	KindOther     Kind = iota // anything else, malformed payloads included
	KindCommand               // a slash command
	KindComponent             // a click on a button or select menu
	numKinds
)

func (k Kind) String() string { return [...]string{"other", "command", "component"}[k] }

// Outcome is how the bot answered an interaction.
type Outcome uint8

// Outcomes of an interaction.
const (
	OutcomeAnswered   Outcome = iota // answered with its result in time
	OutcomeDeferred                  // answered "thinking…" first, its result after
	OutcomeRefused                   // refused before any handler: a DM, a garbled payload, an unknown button
	OutcomeRestarting                // arrived while the bot was stopping, and told so
	OutcomePanicked                  // its handler panicked; the user was told something went wrong
	OutcomeFailed                    // Discord did not accept the answer
	OutcomeDropped                   // malformed, with no token to answer
	numOutcomes
)

func (o Outcome) String() string {
	return [...]string{"answered", "deferred", "refused", "restarting", "panicked", "failed", "dropped"}[o]
}

// Interaction counts one interaction of kind k answered with outcome o.
func (m *Metrics) Interaction(k Kind, o Outcome) {
	if m == nil || k >= numKinds || o >= numOutcomes {
		return
	}
	m.interactions[k][o].Inc()
}

// FirstReply records how long an interaction waited for its first answer.
func (m *Metrics) FirstReply(d time.Duration) {
	if m != nil {
		m.firstReply.Observe(seconds(d))
	}
}

// Result records how long a person waited, from their click, for the
// answer that carried its result.
func (m *Metrics) Result(d time.Duration) {
	if m != nil {
		m.result.Observe(seconds(d))
	}
}

// GameFinished counts a game of the named game (a Laus match) played to its end.
func (m *Metrics) GameFinished(game string) {
	if m != nil {
		m.finished.WithLabelValues(game).Inc()
	}
}

// commitKind tells group-committed appends from other writes.
type commitKind uint8

const (
	commitAppend commitKind = iota
	commitWrite
	numCommits
)

func (c commitKind) String() string { return [...]string{"append", "write"}[c] }

// ObserveCommit records one write transaction of the store: how long it
// took from BEGIN to COMMIT, and how many appended actions it carried (0
// for a write that is not a group commit).
func (m *Metrics) ObserveCommit(d time.Duration, actions int) {
	if m == nil {
		return
	}
	if actions == 0 {
		m.commitSeconds[commitWrite].Observe(seconds(d))
		return
	}
	m.commitSeconds[commitAppend].Observe(seconds(d))
	m.batchActions.Observe(float64(actions))
}

// Limit is a rate limit the bot waits on.
type Limit uint8

// The rate limits waited on.
const (
	LimitGlobalBudget Limit = iota // the bot's own pacing under Discord's global limit
	LimitChannel                   // a channel's limit on posts and edits
	LimitRetryAfter                // Discord's Retry-After after a 429
	numLimits
)

func (l Limit) String() string { return [...]string{"global_budget", "channel", "retry_after"}[l] }

// RateLimitWait adds d to the time spent waiting on limit l.
func (m *Metrics) RateLimitWait(l Limit, d time.Duration) {
	if m == nil || l >= numLimits || d <= 0 {
		return
	}
	m.waitSeconds[l].Add(d.Seconds())
}

// GatewayConnected is told each time the gateway connection is up (READY
// or RESUMED received); every time after the first is a reconnect.
func (m *Metrics) GatewayConnected() {
	if m == nil {
		return
	}
	if m.health.connects.Add(1) > 1 {
		m.reconnects.Inc()
	}
}

// Table phases, as the live-tables gauge labels them.
const (
	PhaseLobby    = "lobby"    // waiting for players and Start
	PhasePlaying  = "playing"  // a game or match under way
	PhaseFinished = "finished" // over, showing Play again until it closes
)

// TableCount is how many live tables of one game are in one phase.
type TableCount struct {
	Game, Phase string
	N           int
}

// WatchTables exports cardbot_live_tables, asking count at every scrape.
// Every phase of every game in games is exported, as 0 when no table is in
// it, so that a dashboard's series do not come and go.
func (m *Metrics) WatchTables(games []string, count func() []TableCount) {
	if m == nil {
		return
	}
	c := &tableCollector{games: games, count: count}
	// A process that serves its shard again after losing its lease makes a new bot,
	// whose tables replace those of the one before: its collector goes first.
	m.reg.Unregister(c)
	m.reg.MustRegister(c)
}

var liveTablesDesc = prometheus.NewDesc("cardbot_live_tables",
	"Tables open in this process, by game and phase.", []string{"game", "phase"}, nil)

type tableCollector struct {
	games []string
	count func() []TableCount
}

func (c *tableCollector) Describe(ch chan<- *prometheus.Desc) { ch <- liveTablesDesc }

func (c *tableCollector) Collect(ch chan<- prometheus.Metric) {
	type key struct{ game, phase string }
	n := map[key]int{}
	for _, g := range c.games {
		for _, p := range []string{PhaseLobby, PhasePlaying, PhaseFinished} {
			n[key{g, p}] = 0
		}
	}
	for _, tc := range c.count() {
		n[key{tc.Game, tc.Phase}] += tc.N
	}
	for k, v := range n {
		ch <- prometheus.MustNewConstMetric(liveTablesDesc, prometheus.GaugeValue, float64(v), k.game, k.phase)
	}
}
