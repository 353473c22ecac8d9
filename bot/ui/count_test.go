package ui

import "testing"

func TestCountAgreesWithItsNumber(t *testing.T) {
	for _, tc := range []struct {
		got, want string
	}{
		{Count(0, "trick", "tricks"), "0 tricks"},
		{Count(1, "trick", "tricks"), "1 trick"},
		{Count(2, "trick", "tricks"), "2 tricks"},
		{Count(1, "pass", "passes"), "1 pass"},
		{Count(3, "pass", "passes"), "3 passes"},
		{Count(-1, "point", "points"), "-1 point"},
		{Count64(1, "chip", "chips"), "1 chip"},
		{Count64(25, "chip", "chips"), "25 chips"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
