package main

import (
	"context"
	"fmt"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/internal/screen"
)

// stepTimeout bounds each step of opening a table: an answer, or a
// message appearing. Every table posts two channel messages (its lobby and
// its game) within the bot's global budget, so opening them all at once
// takes tables × 2 ÷ budget seconds before the last one's turn comes.
func stepTimeout(c config) time.Duration {
	return 30*time.Second + time.Duration(2*c.tables/c.budget)*time.Second
}

// open opens the table as people do, each click in the fleet's pace: the
// host runs /laro new or /laus new, the others join, the host starts, and
// everyone opens their hand from the game's table message.
func (t *table) open(ctx context.Context, pace *pacer, c config) error {
	host := t.players[0]
	command := t.game + " new"
	var opts []discordtest.ActionOption
	if t.game == "laro" {
		opts = append(opts, discordtest.IntOpt("claim_window", int64(c.claimWindow)))
	}
	if err := pace.wait(ctx); err != nil {
		return err
	}
	r, err := host.u.Slash(t.ch, command, opts...)
	if err == nil {
		_, err = r.Wait()
	}
	if err != nil {
		return fmt.Errorf("/%s: %w", command, err)
	}
	lobby, err := t.await(ctx, stepTimeout(c), "the lobby", func() *discordgo.Message { return t.tableMessageLocked("join") })
	if err != nil {
		return err
	}
	for _, p := range t.players[1:] {
		if err := p.setupClick(ctx, pace, lobby, "join"); err != nil {
			return err
		}
	}
	if err := host.setupClick(ctx, pace, lobby, "start"); err != nil {
		return err
	}
	game, err := t.await(ctx, stepTimeout(c), "the game's table message", func() *discordgo.Message { return t.tableMessageLocked("hand") })
	if err != nil {
		return err
	}
	for _, p := range t.players {
		if err := p.setupClick(ctx, pace, game, "hand"); err != nil {
			return err
		}
		if _, err := t.await(ctx, stepTimeout(c), p.u.Name()+"'s hand", p.handLocked); err != nil {
			return err
		}
	}
	return nil
}

// await waits for get (run with t.mu held) to return a message.
func (t *table) await(ctx context.Context, timeout time.Duration, what string, get func() *discordgo.Message) (*discordgo.Message, error) {
	var m *discordgo.Message
	if !t.wait(ctx, timeout, func() bool { m = get(); return m != nil }) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("%s did not appear within %v", what, timeout)
	}
	return m, nil
}

// setupClick clicks verb on m in the fleet's pace and checks the answer.
func (p *player) setupClick(ctx context.Context, pace *pacer, m *discordgo.Message, verb string) error {
	b, ok := screen.Find(m, verb)
	if !ok {
		return fmt.Errorf("no %q button on:\n%s", verb, screen.Text(m))
	}
	if err := pace.wait(ctx); err != nil {
		return err
	}
	p.do(action{kind: verb, msg: m, b: b}, true)
	if c := p.clicks[len(p.clicks)-1]; c.refused || c.failed {
		return fmt.Errorf("%s's %q click got no answer", p.u.Name(), verb)
	}
	return nil
}
