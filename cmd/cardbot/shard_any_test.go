package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cardbot/cardbot/bot/discordtest"
)

// TestBinaryIdenticalProcessesTakeFreeShards: three processes with SHARD_COUNT 2 and no
// SHARD_ID serve shards 0 and 1 and keep a spare; when the owner of shard 1 dies, the
// spare takes shard 1.
func TestBinaryIdenticalProcessesTakeFreeShards(t *testing.T) {
	t.Parallel()
	cardbotBinary(t)
	srv := discordtest.New(t)
	dir := t.TempDir()
	env := []string{
		"DISCORD_TOKEN=" + secretToken,
		"DISCORD_API_BASE=" + srv.URL(),
		"DATABASE_PATH=" + filepath.Join(dir, "cardbot.db"),
		"SHARD_COUNT=2",
	}
	took := func(p *botProcess, shard int) bool {
		return strings.Contains(p.out.String(), fmt.Sprintf(`msg="took the shard's lease" shard=%d`, shard))
	}
	first := startBot(t, "first", dir, env)
	first.waitLog("cardbot is running", startTimeout)
	second := startBot(t, "second", dir, env)
	second.waitLog("cardbot is running", startTimeout)
	if !took(first, 0) || !took(second, 1) {
		t.Fatalf("the first process took shard 0 (%v), the second shard 1 (%v); want both", took(first, 0), took(second, 1))
	}
	spare := startBot(t, "spare", dir, env)
	spare.waitLog("waiting as a standby for the first one freed", startTimeout)
	if err := srv.WaitConnected(2, startTimeout); err != nil || srv.Connected() != 2 {
		t.Fatalf("%d gateway sessions with a spare waiting (%v), want 2", srv.Connected(), err)
	}

	if err := second.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	<-second.done
	killed := time.Now()
	spare.waitLog("cardbot is running", failoverLimit)
	t.Logf("the spare ran %v after shard 1's owner was killed", time.Since(killed).Round(time.Millisecond))
	if !took(spare, 1) {
		t.Errorf("the spare did not take shard 1:\n%s", spare.out.String())
	}
	ids := srv.IdentifiedAt()
	if last := ids[len(ids)-1]; last.Shard != 1 || last.Count != 2 {
		t.Errorf("the spare identified as %+v, want shard 1 of 2", last)
	}
	for _, o := range srv.ShardOverlaps() {
		t.Errorf("two processes served one shard at once: %s", o)
	}
	spare.stop()
	first.stop()
}
