package main

import (
	"cmp"
	"slices"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
)

// route is what the bot sent to one REST route during the run: how much,
// and how much of it was in flight at once, which shows where its client
// makes calls wait for one another.
type route struct {
	Route       string  `json:"route"`
	Calls       int     `json:"calls"`
	PerSecond   float64 `json:"per_second"`
	MaxInFlight int     `json:"max_in_flight"`
	P50         float64 `json:"p50_ms"` // round trip, latency included
}

// routeStats groups the REST calls that reached the fake from start to end
// by method and route, busiest first.
func routeStats(reqs []discordtest.Request, start, end time.Time) []route {
	type edge struct {
		at    time.Time
		delta int
	}
	byRoute := map[string][]discordtest.Request{}
	for _, r := range reqs {
		if !r.Start.Before(start) && r.Start.Before(end) {
			k := r.Method + " " + r.Route
			byRoute[k] = append(byRoute[k], r)
		}
	}
	var out []route
	for k, rs := range byRoute {
		var s series
		edges := make([]edge, 0, 2*len(rs))
		for _, r := range rs {
			s.add(r.Duration)
			edges = append(edges, edge{r.Start, 1}, edge{r.Start.Add(r.Duration), -1})
		}
		// An answer and the next call at the same instant do not overlap.
		slices.SortFunc(edges, func(a, b edge) int { return cmp.Or(a.at.Compare(b.at), a.delta-b.delta) })
		n, most := 0, 0
		for _, e := range edges {
			n += e.delta
			most = max(most, n)
		}
		out = append(out, route{Route: k, Calls: len(rs), PerSecond: float64(len(rs)) / end.Sub(start).Seconds(),
			MaxInFlight: most, P50: summarize("", "", s).P50})
	}
	slices.SortFunc(out, func(a, b route) int { return cmp.Or(b.Calls-a.Calls, cmp.Compare(a.Route, b.Route)) })
	return out
}

// deferredAnswer reports a callback that only said "thinking…".
func deferredAnswer(t discordgo.InteractionResponseType) bool {
	return t == discordgo.InteractionResponseDeferredChannelMessageWithSource ||
		t == discordgo.InteractionResponseDeferredMessageUpdate
}

// restCalls is the calls of every route in rs.
func restCalls(rs []route) int {
	n := 0
	for _, r := range rs {
		n += r.Calls
	}
	return n
}
