package main

import (
	"slices"
	"testing"
)

func TestWithSchedtraceAddsToGODEBUGOnce(t *testing.T) {
	for _, tc := range []struct {
		environ []string
		want    string // GODEBUG after; "" when left alone
	}{
		{[]string{"A=1"}, "GODEBUG=" + schedtraceSetting},
		{[]string{"GODEBUG=", "A=1"}, "GODEBUG=" + schedtraceSetting},
		{[]string{"GODEBUG=gctrace=1", "A=1"}, "GODEBUG=gctrace=1," + schedtraceSetting},
		{[]string{"GODEBUG=schedtrace=0"}, ""},
		{[]string{"GODEBUG=gctrace=1, schedtrace=1000"}, ""},
		{[]string{"GODEBUG=mysched=1"}, "GODEBUG=mysched=1," + schedtraceSetting},
	} {
		env, ok := withSchedtrace(tc.environ)
		if tc.want == "" {
			if ok || !slices.Equal(env, tc.environ) {
				t.Errorf("withSchedtrace(%q) = %q, %v; want it left alone", tc.environ, env, ok)
			}
			continue
		}
		if !ok || !slices.Contains(env, tc.want) || !slices.Contains(env, "A=1") && slices.Contains(tc.environ, "A=1") {
			t.Errorf("withSchedtrace(%q) = %q, %v; want %q among the rest", tc.environ, env, ok, tc.want)
		}
		if again, ok := withSchedtrace(env); ok {
			t.Errorf("withSchedtrace added the setting twice: %q", again)
		}
	}
}
