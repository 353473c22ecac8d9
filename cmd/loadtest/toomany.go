package main

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/cardbot/cardbot/bot/discordtest"
)

// The fake's 429 counts (by scope, above) cover the whole process: opening
// the tables, the card emojis' uploads, play and the drain after it. A
// 429 while the tables open says something else than one during play, so
// the report also gives them by phase and by route.

// tooMany counts the fake's 429 answers by when they came and by route.
type tooMany struct {
	Setup  int            `json:"setup"` // before play began: emojis, opening the tables
	Play   int            `json:"play"`
	After  int            `json:"after"` // the drain after play
	Routes map[string]int `json:"routes,omitempty"`
}

// countTooMany counts the 429s among reqs, play being [start, end).
func countTooMany(reqs []discordtest.Request, start, end time.Time) tooMany {
	var t tooMany
	for _, r := range reqs {
		if r.Status != http.StatusTooManyRequests {
			continue
		}
		switch {
		case r.Start.Before(start):
			t.Setup++
		case r.Start.Before(end):
			t.Play++
		default:
			t.After++
		}
		if t.Routes == nil {
			t.Routes = map[string]int{}
		}
		t.Routes[r.Method+" "+r.Route]++
	}
	return t
}

// line says the 429s by phase and route in one line ("" when none).
func (t tooMany) line() string {
	if t.Routes == nil {
		return ""
	}
	var routes []string
	for k, n := range t.Routes {
		routes = append(routes, fmt.Sprintf("%s %d", k, n))
	}
	slices.Sort(routes)
	return fmt.Sprintf("  429s while the tables opened %d, during play %d, after %d; by route: %s",
		t.Setup, t.Play, t.After, strings.Join(routes, ", "))
}
