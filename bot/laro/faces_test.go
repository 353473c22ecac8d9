package laro

import (
	"strings"
	"testing"

	rules "github.com/cardbot/cardbot/engine/laro"
)

// A screen reader reads an emoji's name aloud: the keys are words, one face
// for each suited card and one for every Void.
func TestFaceKeysReadAsWords(t *testing.T) {
	cp4, _ := rules.NewCard(rules.Circle, true, 4)
	tm10, _ := rules.NewCard(rules.Triangle, false, 10)
	sp1, _ := rules.NewCard(rules.Square, true, 1)
	for _, tc := range []struct{ got, want string }{
		{FaceKey(cp4), "circle_plus_4"}, {FaceKey(tm10), "triangle_minus_10"}, {FaceKey(sp1), "square_plus_1"},
		{FaceKey(rules.VoidCard(2)), "void"},
	} {
		if tc.got != tc.want {
			t.Errorf("key %q, want %q", tc.got, tc.want)
		}
	}
	fs := Faces()
	seen := map[string]bool{}
	for _, f := range fs {
		// The emoji's name adds "_" and an eight-digit hash: 32 characters at most.
		if seen[f.Key] || len(f.Key) > 23 || strings.Trim(f.Key, "abcdefghijklmnopqrstuvwxyz0123456789_") != "" {
			t.Errorf("face key %q is repeated or cannot name an emoji", f.Key)
		}
		seen[f.Key] = true
	}
	if len(fs) != 61 || fs[60].Key != "void" {
		t.Errorf("%d faces ending with %q, want the 60 suited cards and the Void", len(fs), fs[len(fs)-1].Key)
	}
	retired := strings.Join(retiredFaceKeys(), " ")
	for _, k := range []string{"laro_v", "laro_cp4", "laro_tm10"} {
		if !strings.Contains(" "+retired+" ", " "+k+" ") {
			t.Errorf("the retired keys lack %q", k)
		}
	}
}
