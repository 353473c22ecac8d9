package discordtest

import "time"

// Sharding, as Discord does it: a session that IDENTIFYs with shard [id, count] gets
// READY listing only its guilds, a GUILD_CREATE for each of them, and the events of
// those guilds alone: a guild belongs to shard (guild_id >> 22) % count, and direct
// messages to shard 0 (see gwSession.owns). Any number of sessions may be connected at
// once, one per shard; an unsharded session gets everything.

// AddGuildOnShard creates a guild whose ID falls to shard of count, so that a test can
// give every shard of a sharded bot servers of its own. The shard is fixed by the ID's
// timestamp (its bits above the low 22), so the guild's ID carries the first
// millisecond from now on that gives that shard.
func (s *Server) AddGuildOnShard(name string, shard, count int) *Guild {
	if count < 1 || shard < 0 || shard >= count {
		panic("discordtest: AddGuildOnShard: shard must be in [0, count)")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ms := s.now().UnixMilli() - discordEpochMS
	ms += int64((shard - int(ms%int64(count)) + count) % count)
	id := Snowflake(time.UnixMilli(ms+discordEpochMS), s.idCounter.Add(1))
	return s.addGuildLocked(id, name)
}
