package shard

import "strconv"

// A Shard is the part of Discord's servers that one cardbot process serves.
//
// Past 2,500 servers Discord requires a bot to split its gateway connection into shards:
// each connection identifies as shard id of count, and Discord sends it only the events
// of the guilds with (guild_id >> 22) % count == id, direct messages going to shard 0.
// cardbot runs one shard a process, all processes on the same database, and a process
// acts only on the tables of its own guilds: it rebuilds only those after a restart,
// posts only their pending announcements, and refuses an interaction from any other
// guild, should one ever reach it. So a table always has exactly one owner, even while
// another process starts or dies.
//
// The zero Shard (Count 0) is an unsharded bot, which serves every guild.
type Shard struct {
	ID    int // this process's shard, 0 ≤ ID < Count
	Count int // how many shards the bot runs; 0 or 1 means one process for everything
}

// Sharded reports whether the bot runs more than one shard.
func (s Shard) Sharded() bool { return s.Count > 1 }

// Owns reports whether the guild's events come to this shard, by Discord's formula.
// An empty guild ID (a direct message) belongs to shard 0, and so does an ID that is
// not a snowflake, which Discord never sends.
func (s Shard) Owns(guildID string) bool {
	if !s.Sharded() {
		return true
	}
	return Of(guildID, s.Count) == s.ID
}

// Of returns the shard of count that owns the guild: (guild_id >> 22) % count. It is
// the one place cardbot computes it.
func Of(guildID string, count int) int {
	if count <= 1 {
		return 0
	}
	id, err := strconv.ParseUint(guildID, 10, 64)
	if err != nil {
		return 0
	}
	return int((id >> 22) % uint64(count))
}
