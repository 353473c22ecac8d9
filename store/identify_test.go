package store

import (
	"context"
	"testing"
	"time"
)

// TestClaimIdentifyTakesTurns: a bucket's turn goes to one claimant per interval, others
// are told how long to wait, and buckets are independent; two stores on one database
// (two processes) share the turns.
func TestClaimIdentifyTakesTurns(t *testing.T) {
	eachBackend(t, func(t *testing.T) {
		dsn := testDSN(t)
		a, err := Open(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer a.Close()
		b, err := Open(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		clock := newFakeClock()
		a.Now, b.Now = clock.Now, clock.Now
		ctx := context.Background()
		const every = 5 * time.Second
		claim := func(s *Store, bucket int) time.Duration {
			t.Helper()
			wait, err := s.ClaimIdentify(ctx, bucket, every)
			if err != nil {
				t.Fatal(err)
			}
			return wait
		}
		if w := claim(a, 0); w != 0 {
			t.Fatalf("the first claim of bucket 0 waits %v", w)
		}
		if w := claim(b, 0); w != every {
			t.Fatalf("another process's claim right after waits %v, want %v", w, every)
		}
		if w := claim(b, 1); w != 0 {
			t.Fatalf("bucket 1 waits %v for bucket 0", w)
		}
		clock.Advance(2 * time.Second)
		if w := claim(a, 0); w != 3*time.Second {
			t.Fatalf("2 s later bucket 0 waits %v, want 3s", w)
		}
		clock.Advance(3 * time.Second)
		if w := claim(b, 0); w != 0 {
			t.Fatalf("5 s later bucket 0 waits %v, want its turn", w)
		}
		if w := claim(a, 0); w != every {
			t.Fatalf("right after, bucket 0 waits %v, want %v", w, every)
		}
	})
}
