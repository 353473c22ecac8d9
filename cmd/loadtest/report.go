package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"text/tabwriter"
)

// report is the outcome of one run; it is printed, and written as JSON
// with -out.
type report struct {
	Date     string   `json:"date"`
	Machine  machine  `json:"machine"`
	Settings settings `json:"settings"`

	CardEmojis   int     `json:"card_emojis"` // the application's emojis when the tables began to open
	LiveTables   int     `json:"live_tables"`
	FailedTables int     `json:"failed_tables"` // tables that could not be opened
	Guilds       int     `json:"guilds"`
	SetupSeconds float64 `json:"setup_seconds"`
	RunSeconds   float64 `json:"run_seconds"`

	Clicks          int            `json:"clicks"`
	ClicksPerSecond float64        `json:"clicks_per_second"`
	ByAction        map[string]int `json:"clicks_by_action"`
	SetupClicks     int            `json:"setup_clicks"`
	Refused         int            `json:"refused_clicks"`
	NoAnswer        int            `json:"unanswered_clicks"`
	Deferred        int            `json:"deferred_answers"`

	Figures     []summary   `json:"figures"`
	SlowReplies slowReplies `json:"slow_first_replies"`

	Failures  map[string]int `json:"interaction_failures"` // the fake's Failures, by kind
	RESTCalls int            `json:"rest_calls"`
	// RESTPerClick is the REST calls during the run over its clicks.
	RESTPerClick float64        `json:"rest_calls_per_click"`
	RateLimited  map[string]int `json:"rate_limit_checked"` // requests checked, by scope
	TooMany      map[string]int `json:"429s"`               // 429 answers, by scope
	HotBuckets   []bucket       `json:"buckets_with_429s"`
	TooManyWhen  tooMany        `json:"429s_by_phase"`
	Routes       []route        `json:"routes"` // REST calls during the run, busiest first
	Notices      notices        `json:"turn_notices"`

	Stalls    stalls     `json:"load_generator_stalls"`
	Bot       botFigures `json:"bot"`
	Generator struct {
		CPUSeconds float64 `json:"cpu_seconds"`
		CPUPercent float64 `json:"cpu_percent"`
	} `json:"load_generator"`
}

type machine struct {
	CPUs int    `json:"cpus"`
	OS   string `json:"os"`
	Arch string `json:"arch"`
	Go   string `json:"go"`
}

type settings struct {
	Tables      int     `json:"tables"`
	Game        string  `json:"game"`
	Players     int     `json:"players"` // 0: each game's usual
	Rate        float64 `json:"rate"`
	Duration    string  `json:"duration"`
	Latency     string  `json:"latency"`
	Jitter      string  `json:"jitter"`
	Budget      int     `json:"budget"`
	ClaimWindow int     `json:"claim_window"`
	TurnNotice  int     `json:"turn_notice_s"` // -1: off
	Database    string  `json:"database"`      // sqlite or postgres
}

type bucket struct {
	Bucket   string `json:"bucket"`
	Requests int    `json:"requests"`
	TooMany  int    `json:"429s"`
}

type botFigures struct {
	RSSIdleKB     int64   `json:"rss_idle_kb"`  // ready, before any table
	RSSSetupKB    int64   `json:"rss_setup_kb"` // every table open
	RSSEndKB      int64   `json:"rss_end_kb"`   // end of the run
	RSSPerTableKB float64 `json:"rss_per_table_kb"`
	CPUSeconds    float64 `json:"cpu_seconds"`      // during the run
	CPUPercent    float64 `json:"cpu_percent"`      // of one core
	CPUPerClickMs float64 `json:"cpu_per_click_ms"` // CPUSeconds over the clicks of the run
	SysSeconds    float64 `json:"sys_seconds"`      // of CPUSeconds, the kernel's (system time)
	Warnings      int     `json:"warnings"`
	Errors        int     `json:"errors"`
	Exit          string  `json:"exit"` // how it stopped after SIGTERM
}

// writeJSON writes r to path.
func (r *report) writeJSON(path string) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

// print writes r for people.
func (r *report) print(w io.Writer) {
	s := r.Settings
	players := "the usual players"
	if s.Players > 0 {
		players = fmt.Sprintf("%d players each", s.Players)
	}
	fmt.Fprintf(w, "cardbot load test · %s · %d CPUs · %s/%s\n", r.Date, r.Machine.CPUs, r.Machine.OS, r.Machine.Arch)
	fmt.Fprintf(w, "%d %s tables (%s, %d guild(s)) · click rate ≤ %g/s · latency %s ± %s · global budget %d/s · LARO! window %d s · %s · %s\n",
		s.Tables, s.Game, players, r.Guilds, s.Rate, s.Latency, s.Jitter, s.Budget, s.ClaimWindow, s.Duration, s.Database)
	fmt.Fprintf(w, "card emojis uploaded before the tables opened: %d\n", r.CardEmojis)
	fmt.Fprintf(w, "tables opened in %.1f s: %d live, %d failed (%d clicks)\n\n", r.SetupSeconds, r.LiveTables, r.FailedTables, r.SetupClicks)

	kinds := slices.SortedFunc(maps.Keys(r.ByAction), func(a, b string) int {
		return cmp.Or(cmp.Compare(r.ByAction[b], r.ByAction[a]), strings.Compare(a, b))
	})
	var parts []string
	for _, k := range kinds {
		parts = append(parts, fmt.Sprintf("%s %d", k, r.ByAction[k]))
	}
	fmt.Fprintf(w, "clicks: %d in %.1f s (%.1f/s): %s\n", r.Clicks, r.RunSeconds, r.ClicksPerSecond, strings.Join(parts, ", "))
	fmt.Fprintf(w, "        refused by Discord (button gone) %d · no answer in time %d · answered \"thinking…\" first %d\n\n",
		r.Refused, r.NoAnswer, r.Deferred)

	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "figure\tcount\tmissed\tp50 ms\tp99 ms\tmax ms\t")
	for _, f := range r.Figures {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.0f\t%.0f\t%.0f\t\n", f.Name, f.Count, f.Missed, f.P50, f.P99, f.Max)
	}
	tw.Flush()
	for _, f := range r.Figures {
		fmt.Fprintf(w, "  %s: %s\n", f.Name, f.What)
	}
	fmt.Fprintln(w, r.SlowReplies.line())

	fmt.Fprintf(w, "\nDiscord: %d REST calls; rate limits checked %s; 429s %s\n", r.RESTCalls, counts(r.RateLimited), counts(r.TooMany))
	if l := r.TooManyWhen.line(); l != "" {
		fmt.Fprintln(w, l)
	}
	for _, b := range r.HotBuckets {
		fmt.Fprintf(w, "  %s: %d 429s of %d requests\n", b.Bucket, b.TooMany, b.Requests)
	}
	fmt.Fprintln(w, r.Notices.line())
	fmt.Fprintf(w, "interaction failures (late or missing answers): %s\n", counts(r.Failures))
	if len(r.Routes) > 0 {
		fmt.Fprintf(w, "\nbusiest REST routes during the run (%.2f calls a click in all):\n", r.RESTPerClick)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "route\tcalls\tper s\tmax in flight\tp50 ms\t")
		for _, rt := range r.Routes[:min(len(r.Routes), 10)] {
			fmt.Fprintf(tw, "%s\t%d\t%.1f\t%d\t%.0f\t\n", rt.Route, rt.Calls, rt.PerSecond, rt.MaxInFlight, rt.P50)
		}
		tw.Flush()
	}

	b := r.Bot
	fmt.Fprintf(w, "\nbot RSS: %.1f MB idle, %.1f MB with the tables open, %.1f MB at the end: %.0f kB per live table\n",
		mb(b.RSSIdleKB), mb(b.RSSSetupKB), mb(b.RSSEndKB), b.RSSPerTableKB)
	fmt.Fprintf(w, "bot CPU: %.1f s in %.1f s of run (%.1f s of it in the kernel) = %.0f%% of one core, %.2f ms a click; logged %d warnings, %d errors; %s\n",
		b.CPUSeconds, r.RunSeconds, b.SysSeconds, b.CPUPercent, b.CPUPerClickMs, b.Warnings, b.Errors, b.Exit)
	fmt.Fprintf(w, "load generator and fake Discord CPU: %.1f s = %.0f%% of one core\n", r.Generator.CPUSeconds, r.Generator.CPUPercent)
	fmt.Fprintln(w, r.Stalls.line())
}

// counts formats a count by key as "a 1, b 2", or "none".
func counts(m map[string]int) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if m[k] != 0 {
			parts = append(parts, fmt.Sprintf("%s %d", k, m[k]))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

func mb(kb int64) float64 { return float64(kb) / 1024 }
