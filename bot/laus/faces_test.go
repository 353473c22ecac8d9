package laus

import (
	"slices"
	"testing"

	rules "github.com/cardbot/cardbot/engine/laus"
)

// A screen reader reads an emoji's name aloud: the keys are words.
func TestFaceKeysReadAsWords(t *testing.T) {
	for raw, want := range map[string]string{"JC": "jack_clubs", "10H": "ten_hearts", "QS": "queen_spades", "7D": "seven_diamonds"} {
		c, err := rules.ParseCard(raw)
		if err != nil {
			t.Fatal(err)
		}
		if got := FaceKey(c); got != want {
			t.Errorf("FaceKey(%s) = %q, want %q", raw, got, want)
		}
	}
	if fs := Faces(); len(fs) != 32 {
		t.Errorf("%d faces, want 32", len(fs))
	}
	if k := retiredFaceKeys(); len(k) != 32 || !slices.Contains(k, "laus_jc") {
		t.Errorf("retired keys %v, want the 32 laus_ names", k)
	}
}
