package discordtest_test

import (
	"testing"
	"time"

	"github.com/cardbot/cardbot/bot/discordtest"
)

// TestShardOverlapsAreRecorded: a session of shard 0 that identifies after the last one
// closed is no overlap; one that identifies while another of shard 0 is connected is,
// and a session of another shard never is.
func TestShardOverlapsAreRecorded(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	open := func(shard int) func() {
		dg := srv.Session("")
		dg.ShardID, dg.ShardCount = shard, 2
		if err := dg.Open(); err != nil {
			t.Fatalf("shard %d: Open: %v", shard, err)
		}
		return func() { _ = dg.Close() }
	}
	closeFirst := open(0)
	defer open(1)()
	if err := srv.WaitConnected(2, 3*time.Second); err != nil {
		t.Fatal(err)
	}
	closeFirst()
	if err := srv.WaitConnected(1, 3*time.Second); err != nil {
		t.Fatal(err)
	}
	waitLive := func(n int) {
		t.Helper()
		deadline := time.Now().Add(3 * time.Second)
		for srv.Connected() != n {
			if time.Now().After(deadline) {
				t.Fatalf("%d sessions connected, want %d", srv.Connected(), n)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	waitLive(1)
	defer open(0)()
	if got := srv.ShardOverlaps(); len(got) != 0 {
		t.Fatalf("a shard 0 session after the last one closed, and one of shard 1: overlaps %q, want none", got)
	}
	defer open(0)()
	waitLive(3)
	if got := srv.ShardOverlaps(); len(got) != 1 {
		t.Fatalf("two live shard 0 sessions: overlaps %q, want one", got)
	}
}
