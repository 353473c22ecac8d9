package main

import (
	"fmt"
	"strconv"

	"github.com/cardbot/cardbot/bot/shard"
)

// shardFrom reads SHARD_ID and SHARD_COUNT: which part of Discord's servers this process
// serves when the bot runs as several processes (see shard.Shard). Both unset is one
// process for everything. Every bad value stops the bot with one line naming the
// setting: a process that guessed its shard would serve some servers twice and others
// never.
func shardFrom(get func(string) string) (shard.Shard, error) {
	sh := shard.Shard{ID: 0, Count: 1}
	if v := get("SHARD_COUNT"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return sh, fmt.Errorf("SHARD_COUNT %q must be a whole number, 1 or more: how many cardbot processes "+
				"share Discord's servers (leave it unset for a single process)", v)
		}
		sh.Count = n
	}
	if v := get("SHARD_ID"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n >= sh.Count {
			return sh, fmt.Errorf("SHARD_ID %q must be a whole number from 0 to %d, below SHARD_COUNT %d: "+
				"this process's shard, a different one for each process", v, sh.Count-1, sh.Count)
		}
		sh.ID = n
	}
	return sh, nil
}
