package discordtest

import (
	"strconv"
	"time"
)

// discordEpochMS is the first millisecond of 2015, Discord's snowflake epoch.
const discordEpochMS = 1420070400000

// Snowflake builds a Discord ID whose timestamp is t (millisecond precision)
// and whose low 22 bits are counter. discordgo.SnowflakeTimestamp(Snowflake(t, n))
// returns t truncated to the millisecond.
func Snowflake(t time.Time, counter int64) string {
	ms := t.UnixMilli() - discordEpochMS
	return strconv.FormatInt(ms<<22|counter&(1<<22-1), 10)
}

// mint returns a fresh snowflake for t. The counter is shared by every ID the
// server makes, so two IDs minted for the same millisecond still differ.
func (s *Server) mint(t time.Time) string {
	return Snowflake(t, s.idCounter.Add(1))
}

// now reads the server's Clock.
func (s *Server) now() time.Time {
	return s.cfg.clock.Now()
}
