package main

import (
	"strings"
	"testing"

	"github.com/cardbot/cardbot/bot/shard"
)

func TestConfigShard(t *testing.T) {
	for _, tc := range []struct {
		id, count string
		want      shard.Shard
	}{
		{"", "", shard.Shard{ID: 0, Count: 1}},
		{"0", "1", shard.Shard{ID: 0, Count: 1}},
		{"", "4", shard.Shard{ID: 0, Count: 4}},
		{"3", "4", shard.Shard{ID: 3, Count: 4}},
		{" 1 ", " 2 ", shard.Shard{ID: 1, Count: 2}},
	} {
		c, err := configFrom(lookupFrom(map[string]string{"DISCORD_TOKEN": "abc", "SHARD_ID": tc.id, "SHARD_COUNT": tc.count}))
		if err != nil {
			t.Errorf("SHARD_ID %q SHARD_COUNT %q: %v", tc.id, tc.count, err)
			continue
		}
		if c.Shard != tc.want {
			t.Errorf("SHARD_ID %q SHARD_COUNT %q: got %+v, want %+v", tc.id, tc.count, c.Shard, tc.want)
		}
	}
}

// TestConfigRejectsBadShard checks that every bad shard setting stops the bot with one
// line that names the setting at fault.
func TestConfigRejectsBadShard(t *testing.T) {
	for _, tc := range []struct {
		id, count string
		want      []string
	}{
		{"2", "2", []string{`SHARD_ID "2"`, "0 to 1", "below SHARD_COUNT 2"}},
		{"5", "2", []string{`SHARD_ID "5"`, "below SHARD_COUNT 2"}},
		{"1", "", []string{`SHARD_ID "1"`, "below SHARD_COUNT 1"}},
		{"-1", "2", []string{`SHARD_ID "-1"`, "whole number"}},
		{"one", "2", []string{`SHARD_ID "one"`, "whole number"}},
		{"0.5", "2", []string{`SHARD_ID "0.5"`}},
		{"0", "0", []string{`SHARD_COUNT "0"`, "1 or more"}},
		{"0", "-2", []string{`SHARD_COUNT "-2"`, "1 or more"}},
		{"0", "two", []string{`SHARD_COUNT "two"`, "whole number"}},
		{"", "99999999999999999999", []string{`SHARD_COUNT "99999999999999999999"`}},
	} {
		_, err := configFrom(lookupFrom(map[string]string{"DISCORD_TOKEN": "abc", "SHARD_ID": tc.id, "SHARD_COUNT": tc.count}))
		if err == nil {
			t.Errorf("SHARD_ID %q SHARD_COUNT %q: got no error, want one", tc.id, tc.count)
			continue
		}
		msg := err.Error()
		if strings.Contains(msg, "\n") {
			t.Errorf("SHARD_ID %q SHARD_COUNT %q: error %q has several lines, want one", tc.id, tc.count, msg)
		}
		for _, w := range tc.want {
			if !strings.Contains(msg, w) {
				t.Errorf("SHARD_ID %q SHARD_COUNT %q: error %q does not say %q", tc.id, tc.count, msg, w)
			}
		}
	}
}
