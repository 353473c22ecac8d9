// Package metrics is what cardbot tells an operator about itself: Prometheus
// counters and histograms for interactions, tables, the store and Discord's
// REST API, and the /healthz and /readyz answers an orchestrator asks.
//
// The transport, the tables and the binary call a *Metrics; a nil *Metrics
// records nothing, so tests and tools that do not serve metrics pass nil.
// Every label value is known in advance and its series resolved once in New,
// so recording on the hot path is an atomic add, never a map lookup by
// string. The store stays free of this package: the binary hands it a
// commit observer that calls ObserveCommit.
package metrics

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// Metrics holds every series cardbot exports. Its methods are safe for
// concurrent use, and do nothing on a nil *Metrics.
type Metrics struct {
	reg *prometheus.Registry

	interactions [numKinds][numOutcomes]prometheus.Counter
	firstReply   prometheus.Histogram
	result       prometheus.Histogram

	finished *prometheus.CounterVec // by game: resolved per game on first use

	commitSeconds [numCommits]prometheus.Observer
	batchActions  prometheus.Observer

	restCalls   [numRoutes]prometheus.Counter
	restErrors  [numRoutes][numFailures]prometheus.Counter
	rateLimited [numScopes]prometheus.Counter
	waitSeconds [numLimits]prometheus.Counter

	reconnects prometheus.Counter
	health     health
	writes     writeProbe // what /readyz asks of the database (write_probe.go)
}

// latencyBuckets suit a person's wait for an answer: Discord fails an
// interaction not answered within 3 s.
var latencyBuckets = []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2, 3, 5, 10}

// New makes the metrics and registers them, with Go's runtime and process
// collectors, on a registry of their own.
func New() *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry()}
	m.reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))

	interactions := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "cardbot_interactions_total",
		Help: "Interactions received (slash commands, clicks), by kind and by how they were answered.",
	}, []string{"kind", "outcome"})
	for k := range numKinds {
		for o := range numOutcomes {
			m.interactions[k][o] = interactions.WithLabelValues(Kind(k).String(), Outcome(o).String())
		}
	}
	m.firstReply = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name:    "cardbot_interaction_first_reply_seconds",
		Help:    "From an interaction's arrival to its first answer (the reply, or \"thinking…\") accepted by Discord.",
		Buckets: latencyBuckets,
	})
	m.result = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name:    "cardbot_interaction_result_seconds",
		Help:    "From a click or command (its snowflake time) to the answer with its result accepted by Discord.",
		Buckets: latencyBuckets,
	})
	m.finished = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "cardbot_games_finished_total",
		Help: "Games played to their end, by game (for Laus, whole matches).",
	}, []string{"game"})

	commit := prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "cardbot_store_commit_seconds",
		Help:    "Write transactions from BEGIN to COMMIT, by kind: append (a group-committed batch of actions) or write (any other).",
		Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1},
	}, []string{"kind"})
	for c := range numCommits {
		m.commitSeconds[c] = commit.WithLabelValues(commitKind(c).String())
	}
	batch := prometheus.NewHistogram(prometheus.HistogramOpts{
		Name:    "cardbot_store_batch_actions",
		Help:    "Actions committed together in one group-commit transaction.",
		Buckets: prometheus.ExponentialBuckets(1, 2, 9), // 1 … 256, the largest batch
	})
	m.batchActions = batch

	calls := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "cardbot_discord_requests_total",
		Help: "REST calls made to Discord, by route: interaction (callbacks), webhook (edits and follow-ups through an interaction's token), channel (table messages, announcements), other.",
	}, []string{"route"})
	errs := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "cardbot_discord_errors_total",
		Help: "REST calls that failed, by route and reason: client (a 4xx other than 429), server (5xx), network (no answer).",
	}, []string{"route", "reason"})
	for r := range numRoutes {
		m.restCalls[r] = calls.WithLabelValues(route(r).String())
		for f := range numFailures {
			m.restErrors[r][f] = errs.WithLabelValues(route(r).String(), failure(f).String())
		}
	}
	limited := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "cardbot_discord_rate_limited_total",
		Help: "429 answers from Discord, by the X-RateLimit-Scope they named: user (a route's limit), global, shared, or unknown.",
	}, []string{"scope"})
	for s := range numScopes {
		m.rateLimited[s] = limited.WithLabelValues(scope(s).String())
	}
	wait := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "cardbot_rate_limit_wait_seconds_total",
		Help: "Time calls waited for a rate limit, by limit: global_budget (the bot's own pacing under Discord's global limit), channel (a channel's post and edit limit), retry_after (after a 429).",
	}, []string{"limit"})
	for l := range numLimits {
		m.waitSeconds[l] = wait.WithLabelValues(Limit(l).String())
	}
	m.reconnects = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "cardbot_gateway_reconnects_total",
		Help: "Times the gateway connection was made again after it was lost (resumed or identified anew).",
	})
	connected := prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "cardbot_gateway_connected",
		Help: "1 while the gateway connection is up, else 0.",
	}, func() float64 {
		if m.health.gatewayUp() {
			return 1
		}
		return 0
	})
	m.reg.MustRegister(interactions, m.firstReply, m.result, m.finished, commit, batch,
		calls, errs, limited, wait, m.reconnects, connected)
	return m
}

// Registry is where the metrics are registered, for tests and for adding
// collectors.
func (m *Metrics) Registry() *prometheus.Registry { return m.reg }

// seconds converts d for Prometheus, never below zero: times taken across
// two clocks (Discord's snowflake and ours) can disagree by a little.
func seconds(d time.Duration) float64 { return max(0, d.Seconds()) }
