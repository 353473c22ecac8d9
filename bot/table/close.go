package table

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// An OpenTable is one live table as a moderator picks it from a list.
type OpenTable struct {
	Game    string // the game's name: "laro"
	Title   string // the game's name for people: "Laro"
	ID      string
	Channel string
	Phase   store.Status // lobby, playing, or finished (showing its result)
	People  []string     // the seated people's names, in seat order
}

// Label is the table as one line of an autocomplete list, in l (at most
// 100 characters, Discord's limit for a choice's name).
func (o OpenTable) Label(l lang.Lang) string {
	phase := map[store.Status]string{store.StatusLobby: "table.moderator.waiting", store.StatusPlaying: "table.moderator.playing",
		store.StatusFinished: "table.moderator.over"}[o.Phase]
	if phase != "" {
		phase = l.T(phase)
	}
	s := fmt.Sprintf("%s %s · %s · %s", o.Title, o.ID, phase, strings.Join(o.People, ", "))
	if r := []rune(s); len(r) > 100 {
		s = string(r[:99]) + "…"
	}
	return s
}

// OpenTables lists the live tables of guild, by game and table ID. Each
// table's seats are read on its own goroutine; a table too busy to answer
// before ctx ends is listed without names.
func (e *Env) OpenTables(ctx context.Context, guild string) []OpenTable {
	var tables []Table
	e.mu.Lock()
	for _, t := range e.tables {
		if t.TableCore().Guild == guild {
			tables = append(tables, t)
		}
	}
	e.mu.Unlock()
	out := make([]OpenTable, 0, len(tables))
	for _, t := range tables {
		c := t.TableCore()
		o := OpenTable{Game: c.Name(), Title: c.Title, ID: c.ID, Channel: c.Channel, Phase: store.Status(c.phase.Load())}
		c.Act.call(ctx, func() *ui.Reply {
			for _, s := range c.Seats {
				if !s.Computer {
					o.People = append(o.People, s.Name)
				}
			}
			return nil
		})
		if o.Phase.Closed() && o.Phase != store.StatusFinished {
			continue // closing: about to leave the registry
		}
		out = append(out, o)
	}
	slices.SortFunc(out, func(a, b OpenTable) int {
		return strings.Compare(a.Game+"/"+a.ID, b.Game+"/"+b.ID)
	})
	return out
}

// CloseTableAsModerator ends the live table id of game in in's server as
// abandoned (see Abandon), on behalf of in's user, and tells its players:
// the table message says who closed it, and one channel message mentions
// the seated people so that they are notified. It returns the table's
// description and false when no such table is open.
func (e *Env) CloseTableAsModerator(ctx context.Context, game, id string, in *ui.Input) (OpenTable, bool, error) {
	e.mu.Lock()
	t := e.tables[tableKey{game, id}]
	e.mu.Unlock()
	if t == nil || t.TableCore().Guild != in.GuildID {
		return OpenTable{}, false, nil
	}
	c := t.TableCore()
	var (
		closed bool
		err    error
		o      = OpenTable{Game: c.Name(), Title: c.Title, ID: c.ID, Channel: c.Channel}
	)
	c.Act.call(ctx, func() *ui.Reply {
		o.Phase = c.Status
		var mentions []string
		for _, s := range c.Seats {
			if !s.Computer {
				o.People = append(o.People, s.Name)
				mentions = append(mentions, "<@"+s.UserID+">")
			}
		}
		staked := c.Status == store.StatusLobby || c.Status == store.StatusPlaying
		// The table message and the note are public: the table's language.
		l := c.Lang
		shown := l.T("table.moderator.closed_by", "Name", in.UserName)
		if staked {
			shown += " " + l.T("table.moderator.nobody_won")
		}
		note := l.T("table.moderator.note", "Game", c.Title, "Table", c.ID, "Name", in.UserName)
		if staked {
			note += " " + l.T("table.moderator.chips_back")
		}
		closure := store.Closure{By: in.UserID, Reason: "closed by a moderator"} // lang:keep — stored for the record, read by operators
		if len(mentions) == 0 {
			closed, err = Abandon(ctx, t, closure, shown)
		} else {
			closed, err = AbandonAndTell(ctx, t, closure, shown, ui.Rendering{Content: note + " " + strings.Join(mentions, " ")})
		}
		return nil
	})
	return o, closed, err
}
