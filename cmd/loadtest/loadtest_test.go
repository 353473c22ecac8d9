package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestRunMeasures runs the whole load test small: the real bot, built from
// this tree, three tables (two Laro, one Laus) for five seconds, with turn
// notices at once so that every turn has one.
func TestRunMeasures(t *testing.T) {
	c := config{tables: 3, game: "mix", rate: 50, duration: 5 * time.Second, latency: 10 * time.Millisecond, budget: 50,
		turnNotice: 0, profile: filepath.Join(t.TempDir(), "bot")}
	var progress strings.Builder
	r, err := run(t.Context(), c, &progress)
	if err != nil {
		t.Fatalf("run: %v\n%s", err, progress.String())
	}
	var out strings.Builder
	r.print(&out)
	t.Log("\n" + out.String())

	if r.LiveTables != 3 || r.FailedTables != 0 {
		t.Errorf("%d tables live and %d failed, want 3 and 0", r.LiveTables, r.FailedTables)
	}
	if r.Clicks == 0 || r.ByAction["draw"] == 0 || r.ByAction["play"] == 0 {
		t.Errorf("clicks by action %v: want draws and plays", r.ByAction)
	}
	if r.NoAnswer != 0 || len(r.Failures) != 0 {
		t.Errorf("%d clicks unanswered, interaction failures %v; want none", r.NoAnswer, r.Failures)
	}
	for _, f := range r.Figures {
		if f.Count == 0 || f.P50 > f.P99 || f.P99 > f.Max || f.Max <= 0 {
			t.Errorf("%s: count %d, p50 %.1f, p99 %.1f, max %.1f ms; want measurements with p50 ≤ p99 ≤ max", f.Name, f.Count, f.P50, f.P99, f.Max)
		}
	}
	if b := r.Bot; b.RSSIdleKB <= 0 || b.RSSEndKB <= 0 || b.CPUSeconds <= 0 || b.Errors != 0 || !strings.HasPrefix(b.Exit, "exited cleanly") {
		t.Errorf("bot figures %+v: want memory and CPU read, no errors, a clean exit", b)
	}
	if b := r.Bot; b.CPUPerClickMs <= 0 || r.RESTPerClick <= 0 || !strings.Contains(out.String(), "ms a click") {
		t.Errorf("CPU per click %.3f ms, REST calls per click %.2f: want both, and the CPU per click in the report", b.CPUPerClickMs, r.RESTPerClick)
	}
	for _, ext := range []string{".cpu", ".heap0", ".heap1"} {
		if fi, err := os.Stat(c.profile + ext); err != nil || fi.Size() == 0 {
			t.Errorf("the bot's profile %s: %v; want it written", ext, err)
		}
	}
	if len(r.Routes) == 0 || r.RESTCalls == 0 {
		t.Errorf("%d REST calls, routes %v: want the bot's traffic", r.RESTCalls, r.Routes)
	}

	// The share may be all of them: the table messages are edited through
	// their Start click's token, not the channel endpoint.
	if n := r.Notices; n.Posted == 0 || n.Deleted == 0 || n.PostedPerSecond <= 0 || n.Share <= 0 || n.Share > 1 ||
		n.Setting != "at once" || !strings.Contains(out.String(), "turn notices (at once):") {
		t.Errorf("turn notices %+v: want some posted and deleted, a share of the channel calls, and a line in the report", n)
	}

	path := filepath.Join(t.TempDir(), "report.json")
	if err := r.writeJSON(path); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var back report
	if err := json.Unmarshal(b, &back); err != nil || back.Clicks != r.Clicks || len(back.Figures) != len(r.Figures) {
		t.Errorf("the JSON report reads back as %+v (%v), want the same clicks and figures", back, err)
	}
}

func TestParseFlags(t *testing.T) {
	for _, tc := range []struct {
		args    []string
		wantErr string
	}{
		{nil, ""},
		{[]string{"-tables", "100", "-game", "mix", "-rate", "20", "-latency", "80ms", "-jitter", "20ms", "-out", "r.json"}, ""},
		{[]string{"-game", "laus", "-players", "4"}, ""},
		{[]string{"-tables", "0"}, "-tables"},
		{[]string{"-game", "poker"}, "-game"},
		{[]string{"-players", "1"}, "-players"},
		{[]string{"-game", "laus", "-players", "2"}, "-players"},
		{[]string{"-game", "mix", "-players", "5"}, "-players"},
		{[]string{"-rate", "0"}, "-rate"},
		{[]string{"-duration", "-1s"}, "-duration"},
		{[]string{"-budget", "0"}, "-budget"},
		{[]string{"-claim-window", "16"}, "-claim-window"},
		{[]string{"-turn-notice", "-1"}, ""},
		{[]string{"-turn-notice", "7"}, "-turn-notice"},
		{[]string{"-database-url", "postgres://bot@db/cardbot"}, ""},
		{[]string{"-database-url", "cardbot.db"}, "-database-url"},
		{[]string{"extra"}, "unexpected"},
	} {
		_, err := parseFlags(tc.args, &strings.Builder{})
		got := ""
		if err != nil {
			got = err.Error()
		}
		if tc.wantErr == "" && err != nil || tc.wantErr != "" && !strings.Contains(got, tc.wantErr) {
			t.Errorf("parseFlags(%q) = %v, want an error mentioning %q", tc.args, err, tc.wantErr)
		}
	}
}

func TestPercentile(t *testing.T) {
	d := make([]time.Duration, 100)
	for i := range d {
		d[i] = time.Duration(i+1) * time.Millisecond
	}
	for _, tc := range []struct {
		d    []time.Duration
		p    int
		want time.Duration
	}{
		{d, 50, 50 * time.Millisecond},
		{d, 99, 99 * time.Millisecond},
		{d, 100, 100 * time.Millisecond},
		{d[:1], 50, time.Millisecond},
		{d[:3], 50, 2 * time.Millisecond},
		{d[:3], 99, 3 * time.Millisecond},
	} {
		if got := percentile(tc.d, tc.p); got != tc.want {
			t.Errorf("percentile(%d values, %d) = %v, want %v", len(tc.d), tc.p, got, tc.want)
		}
	}
}

func TestReadUsageOfSelf(t *testing.T) {
	u, err := readUsage("self")
	if err != nil {
		t.Fatalf("readUsage(self): %v (the load generator reads Linux's /proc)", err)
	}
	if u.rssKB <= 0 || u.cpu < 0 {
		t.Errorf("readUsage(self) = %+v, want a resident size and CPU time", u)
	}
}

func TestMemTotal(t *testing.T) {
	got, err := memTotal([]byte("MemTotal:       24683520 kB\nMemFree:        23957332 kB\n"))
	if err != nil || got != 24683520<<10 {
		t.Errorf("memTotal = %d, %v; want %d bytes", got, err, int64(24683520)<<10)
	}
	if _, err := memTotal([]byte("MemFree: 1 kB\n")); err == nil {
		t.Error("memTotal without a MemTotal line gave no error")
	}
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		if n, err := memTotal(b); err != nil || n < 64<<20 {
			t.Errorf("this machine's memory read as %d bytes (%v)", n, err)
		}
	}
}
