// Package games lists cardbot's games and command sets. It is the one
// place a new game is registered: write its package (a table.Game made by
// a table.NewModule, whose Entry describes it for the catalog of games)
// and add its constructor to All. bot/internal/highcard is such a package,
// registered only by its tests.
package games

import (
	"github.com/cardbot/cardbot/bot/chips"
	"github.com/cardbot/cardbot/bot/guildsettings"
	"github.com/cardbot/cardbot/bot/laro"
	"github.com/cardbot/cardbot/bot/laus"
	"github.com/cardbot/cardbot/bot/table"
)

// All is every module cardbot runs, in the order its commands are
// registered.
var All = []table.NewModule{laro.New, laus.New, chips.New, guildsettings.New}
