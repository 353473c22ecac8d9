package bot_test

import (
	"strings"
	"testing"

	"github.com/cardbot/cardbot/bot/internal/e2e"
)

func TestRulesCommandsExplainEachGame(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	alice := w.Player("alice")
	for cmd, words := range map[string][]string{
		"laro rules": {"cluster", "Void", "LARO!", "stake"},
		"laus rules": {"jack", "queen", "skat", "target"},
	} {
		r, err := alice.U.Slash(w.Ch, cmd)
		cb := e2e.Answer(t, r, err)
		if !cb.Ephemeral {
			t.Errorf("/%s answered publicly", cmd)
		}
		got := strings.ToLower(e2e.Text(cb.Message))
		for _, word := range words {
			if !strings.Contains(got, strings.ToLower(word)) {
				t.Errorf("/%s does not mention %q:\n%s", cmd, word, got)
			}
		}
	}
	w.NoFailures()
}
