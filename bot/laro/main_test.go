package laro_test

import (
	"testing"

	"github.com/cardbot/cardbot/bot/internal/e2e"
)

// TestMain runs the package's tests several at once (see e2e.Main): they
// mostly wait on timers and the fake Discord, not on the CPU.
func TestMain(m *testing.M) { e2e.Main(m) }
