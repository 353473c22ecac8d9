package discordtest

import "fmt"

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
