package main

import (
	"testing"

	"github.com/cardbot/cardbot/bot/restpace"
	"github.com/cardbot/cardbot/bot/shard"
)

// TestProcessBudgetSplitsTheTokens: the processes of a sharded bot together stay within
// the token's DISCORD_GLOBAL_BUDGET.
func TestProcessBudgetSplitsTheTokens(t *testing.T) {
	for _, tc := range []struct{ budget, count, want int }{
		{0, 1, restpace.DefaultGlobalBudget},
		{0, 0, restpace.DefaultGlobalBudget},
		{50, 1, 50},
		{0, 2, 25},
		{50, 3, 16},
		{120, 4, 30},
		{2, 4, 1},
	} {
		cfg := config{GlobalBudget: tc.budget, Shard: shard.Shard{Count: tc.count}}
		if got := processBudget(cfg); got != tc.want {
			t.Errorf("budget %d over %d shards: %d a process, want %d", tc.budget, tc.count, got, tc.want)
		}
		if n := max(tc.count, 1); tc.budget >= n && processBudget(cfg)*n > max(tc.budget, 1) {
			t.Errorf("budget %d over %d shards: the processes together may send %d a second", tc.budget, tc.count, processBudget(cfg)*n)
		}
	}
}
