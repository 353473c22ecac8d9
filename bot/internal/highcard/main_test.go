package highcard_test

import (
	"testing"

	"github.com/cardbot/cardbot/bot/internal/e2e"
)

// TestMain runs the package's tests several at once (see e2e.Main).
func TestMain(m *testing.M) { e2e.Main(m) }
