package chips

import (
	"testing"

	"github.com/cardbot/cardbot/bot/internal/golden"
	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/share"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// TestViewsLeaderboard: /chips leaderboard, as its asker sees it with its
// Share button, in every language; a player who never sat at a table is
// mentioned.
func TestViewsLeaderboard(t *testing.T) {
	rows := []store.LeaderRow{{User: "111", Total: 1500}, {User: "222", Total: 1100}, {User: "333", Total: 40}}
	names := map[string]string{"111": "ann", "222": "ben_*"}
	for _, l := range lang.All {
		name := "chips_leaderboard"
		if l != lang.English {
			name += "_" + l.Code()
		}
		r := share.PrivateIn(l, "chips", "leaderboard", leaderboardView(l, rows, names))
		golden.Check(t, name, ui.Rendering{Embeds: r.Data.Embeds, Components: r.Data.Components})
	}
}
