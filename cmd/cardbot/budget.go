package main

import "github.com/cardbot/cardbot/bot/restpace"

// processBudget is this process's share of DISCORD_GLOBAL_BUDGET, which is the bot
// token's budget: Discord counts its global limit per token, over every process of the
// bot. Each of SHARD_COUNT processes takes an equal share, rounded down so that together
// they never exceed it (50 over 3 shards: 16 each). A split is simple and costs nothing
// per call; sharing the budget through the database would lend an idle shard's share to a
// busy one, at a database round trip per paced call, which the global budget's calls
// (table redraws, announcements) do not need: servers spread evenly over shards. A
// process never gets less than 1 a second.
func processBudget(cfg config) int {
	budget := cfg.GlobalBudget
	if budget <= 0 {
		budget = restpace.DefaultGlobalBudget
	}
	return max(budget/max(cfg.Shard.Count, 1), 1)
}
