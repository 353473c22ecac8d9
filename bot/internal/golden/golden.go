// Package golden compares rendered views with golden files in a test's
// testdata/views folder; `go test -update` rewrites them.
package golden

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/cardbot/cardbot/bot/ui"
)

// update rewrites the golden files: go test ./bot/laro -run TestViews -update
var update = flag.Bool("update", false, "rewrite the golden files of rendered views")

// Check compares a rendering, as the JSON Discord receives, with
// testdata/views/name.golden. It also fails a rendering with a button
// that has no text label (see Unlabelled), or one longer than a phone's
// screen (see CheckPhoneSize), so every golden is checked.
func Check(t *testing.T, name string, r ui.Rendering) {
	t.Helper()
	for _, id := range Unlabelled(r) {
		t.Errorf("%s: button %s has no text label: a screen reader has nothing to say for it", name, id)
	}
	CheckPhoneSize(t, name, r)
	compare(t, filepath.Join("testdata", "views", name+".golden"), r)
}

// CheckPage compares a reference page with testdata/pages/name.golden: a
// private answer with no buttons under it that a member reads through
// (/cardbot help, the settings page), so it may be longer than a phone's
// screen: the limit keeps a view's buttons in sight, and it has none.
func CheckPage(t *testing.T, name string, r ui.Rendering) {
	t.Helper()
	if len(r.Components) > 0 {
		t.Errorf("%s has buttons: check it with Check, within a phone's screen", name)
	}
	compare(t, filepath.Join("testdata", "pages", name+".golden"), r)
}

func compare(t *testing.T, path string, r ui.Rendering) {
	t.Helper()
	got, err := json.MarshalIndent(struct {
		Content    string `json:"content,omitempty"`
		Embeds     any    `json:"embeds"`
		Components any    `json:"components"`
	}{r.Content, r.Embeds, r.Components}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if string(got) != string(want) {
		t.Errorf("%s changed; got:\n%s\nwant:\n%s\n(if the change is intended, run with -update)", path, got, want)
	}
}
