package table

import (
	"context"
	"errors"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// GuildDefaults returns a server's defaults for new tables (see
// /cardbot settings); none are set where nobody set any, or where the store
// cannot say, and then the bot's own defaults apply.
func (e *Env) GuildDefaults(ctx context.Context, guild string) store.GuildSettings {
	g, err := e.Store.GuildSettings(ctx, guild)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		e.Log.Warn("reading a server's table defaults", "guild", guild, "err", err)
	}
	return g
}

// Or returns *p, or def when p is nil (a server default not set).
func Or[T any](p *T, def T) T {
	if p == nil {
		return def
	}
	return *p
}

// TurnTimerOption is the turn_timer option every game's /new has.
func TurnTimerOption() *discordgo.ApplicationCommandOption {
	return ui.IntOption("turn_timer", MinTurnTimer, MaxTurnTimer)
}

// CheckTurnTimerIn says in l why v seconds is not a valid turn timer, or
// returns "".
func CheckTurnTimerIn(l lang.Lang, v int64) string {
	if v < MinTurnTimer || v > MaxTurnTimer {
		return l.T("table.more.turn_timer_range", "Min", MinTurnTimer, "Max", MaxTurnTimer)
	}
	return ""
}

// ThreadOption is the thread option every game's /new has.
func ThreadOption() *discordgo.ApplicationCommandOption {
	return ui.BoolOption("thread")
}
