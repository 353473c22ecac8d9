package shard

import "testing"

func TestShardOf(t *testing.T) {
	for _, tc := range []struct {
		guild string
		count int
		want  int
	}{
		{"81384788765712384", 17, 7}, // the example other Discord libraries document
		{"81384788765712384", 1, 0},
		{"81384788765712384", 0, 0},
		{"4194304", 2, 1}, // 1 << 22
		{"4194303", 2, 0},
		{"", 4, 0}, // direct messages: shard 0
		{"not-an-id", 4, 0},
	} {
		if got := Of(tc.guild, tc.count); got != tc.want {
			t.Errorf("Of(%q, %d) = %d, want %d", tc.guild, tc.count, got, tc.want)
		}
	}
}

func TestShardOwns(t *testing.T) {
	const g1 = "4194304" // shard 1 of 2
	if !(Shard{}).Owns(g1) || !(Shard{ID: 0, Count: 1}).Owns(g1) {
		t.Errorf("an unsharded bot must own every guild")
	}
	if (Shard{ID: 0, Count: 2}).Owns(g1) || !(Shard{ID: 1, Count: 2}).Owns(g1) {
		t.Errorf("guild %s: want shard 1 of 2 to own it, and shard 0 not", g1)
	}
	if !(Shard{ID: 0, Count: 2}).Owns("") || (Shard{ID: 1, Count: 2}).Owns("") {
		t.Errorf("direct messages: want shard 0 of 2 to own them, and shard 1 not")
	}
}
