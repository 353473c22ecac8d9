package discordtest

import (
	"fmt"
	"time"
)

// Discord accepts two sessions that identify as the same shard and sends both the
// shard's events, so two bot processes serving one shard would both answer its clicks.
// The fake records every moment a session becomes live (IDENTIFY or RESUME) while another
// session of the same shard still has a live connection; a test of a bot's shard lease
// checks that none happened.

// checkShardOverlapLocked records sess becoming live beside another live session of its
// shard.
func (s *Server) checkShardOverlapLocked(sess *gwSession) {
	for _, other := range s.sessions {
		if other != sess && other.conn != nil && other.shardID == sess.shardID && other.shardCount == sess.shardCount {
			s.shardOverlaps = append(s.shardOverlaps, fmt.Sprintf("session %s of shard %d/%d went live while session %s of the same shard was connected",
				sess.id, sess.shardID, sess.shardCount, other.id))
		}
	}
}

// ShardOverlaps describes each time two sessions of one shard were live at once.
func (s *Server) ShardOverlaps() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.shardOverlaps...)
}

// Identified is one IDENTIFY the gateway accepted: the shard it named and when.
type Identified struct {
	Shard, Count int
	At           time.Time
}

// identifiedLocked records an IDENTIFY and checks it against the shard's other sessions.
func (s *Server) identifiedLocked(sess *gwSession) {
	s.identified = append(s.identified, Identified{Shard: sess.shardID, Count: sess.shardCount, At: time.Now()})
	s.checkShardOverlapLocked(sess)
}

// IdentifiedAt lists every IDENTIFY the gateway accepted, in order. Discord allows one per
// 5 s in each bucket shard_id % max_concurrency, and the fake's GET /gateway/bot says
// max_concurrency 1: a test checks the spacing with it.
func (s *Server) IdentifiedAt() []Identified {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Identified(nil), s.identified...)
}
