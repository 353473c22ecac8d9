package table

import (
	"context"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/ui"
)

// tableKey names a live table in the registry: its game's name and its ID.
type tableKey struct{ game, id string }

// seatKey names one player of one game in one server: a player sits at
// one table per game per server at a time.
type seatKey struct{ game, guild, user string }

// Route sends a click to the table it belongs to and returns the table's
// answer, or the reason there is none.
func (e *Env) Route(ctx context.Context, in *ui.Input) *ui.Reply {
	game, id := TableOf(in.Component)
	e.mu.Lock()
	t := e.tables[tableKey{game, id}]
	e.mu.Unlock()
	if t == nil || t.TableCore().Guild != in.GuildID {
		return ui.EphemeralText(in.Lang().T("table.more.closed_open_new", "Cmd", ui.Cmd(in.Lang(), game+" new")))
	}
	if r := t.TableCore().Act.call(ctx, func() *ui.Reply {
		t.TableCore().Seen(in.At)
		t.TableCore().Heard(in)
		r := withProblem(t, in.Lang(), t.Handle(ctx, in))
		t.TableCore().EchoClicked(in, r) // the clicked message is redrawn even if the callback fails
		t.TableCore().OfferToken(in, r)
		return r
	}); r != nil {
		return r
	}
	return ui.EphemeralText(in.Lang().T("table.more.busy"))
}

// withProblem tells whoever clicks next what Discord refused the table:
// every answer a table gives is ephemeral or edits the clicker's own hand.
func withProblem(t Table, l lang.Lang, r *ui.Reply) *ui.Reply {
	if p := t.TableCore().Out.Problem(l); p != "" && r != nil && r.Data != nil {
		r.Data.Content = "⚠️ " + p + "\n\n" + r.Data.Content
	}
	return r
}

// register makes a table reachable by its clicks and seats its players.
func (e *Env) register(t Table) {
	c := t.TableCore()
	e.mu.Lock()
	defer e.mu.Unlock()
	e.tables[tableKey{c.Name(), c.ID}] = t
	for _, s := range c.Seats {
		if !s.Computer && !c.Status.Closed() {
			e.seats[seatKey{c.Name(), c.Guild, s.UserID}] = c.ID
		}
	}
}

// unregister forgets a table and frees every seat held at it.
func (e *Env) unregister(c *Core) {
	e.mu.Lock()
	defer e.mu.Unlock()
	delete(e.tables, tableKey{c.Name(), c.ID})
	for k, v := range e.seats {
		if k.game == c.Name() && v == c.ID {
			delete(e.seats, k)
		}
	}
}

// SeatOf returns the table of game a player sits at in a guild.
func (e *Env) SeatOf(game, guild, user string) (string, bool) {
	e.closing.RLock()
	defer e.closing.RUnlock()
	e.mu.Lock()
	defer e.mu.Unlock()
	id, ok := e.seats[seatKey{game, guild, user}]
	return id, ok
}

// ClaimSeat seats a player at table unless they already sit elsewhere:
// checked and recorded at once, so two racing clicks cannot both succeed.
func (e *Env) ClaimSeat(game, guild, user, table string) (other string, ok bool) {
	e.closing.RLock()
	defer e.closing.RUnlock()
	e.mu.Lock()
	defer e.mu.Unlock()
	if cur, taken := e.seats[seatKey{game, guild, user}]; taken && cur != table {
		return cur, false
	}
	e.seats[seatKey{game, guild, user}] = table
	return "", true
}

// ClaimSeats seats every one of users at table, or, if any of them sits
// elsewhere, none: it returns the first such user and their table.
func (e *Env) ClaimSeats(game, guild string, users []string, table string) (user, other string, ok bool) {
	e.closing.RLock()
	defer e.closing.RUnlock()
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, u := range users {
		if cur, taken := e.seats[seatKey{game, guild, u}]; taken && cur != table {
			return u, cur, false
		}
	}
	for _, u := range users {
		e.seats[seatKey{game, guild, u}] = table
	}
	return "", "", true
}

// ReleaseSeat gives back a seat claimed at table, if the player still
// holds it there.
func (e *Env) ReleaseSeat(game, guild, user, table string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.seats[seatKey{game, guild, user}] == table {
		delete(e.seats, seatKey{game, guild, user})
	}
}
