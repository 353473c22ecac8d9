package laro_test

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/internal/e2e"
)

// embedText is every text of m's embeds: titles, descriptions, fields and
// footers.
func embedText(m *discordgo.Message) string {
	var b strings.Builder
	for _, e := range m.Embeds {
		b.WriteString(e.Title + "\n" + e.Description + "\n")
		for _, f := range e.Fields {
			b.WriteString(f.Name + "\n" + f.Value + "\n")
		}
		if e.Footer != nil {
			b.WriteString(e.Footer.Text + "\n")
		}
	}
	return b.String()
}

// Tables name people by their server nickname (else their name), escaped so
// it shows as typed, and never by a mention, which Discord's phones show as
// a raw ID; the names survive a restart.
func TestLaroTablesShowNamesNotMentions(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t, e2e.LongDeal(t, 2, 3))
	alice, bob := w.Player("alice"), w.Player("bob")
	alice.U.SetNick("Ali *Star*")
	players := []*e2e.Player{alice, bob}
	r, err := alice.U.Slash(w.Ch, "laro new", e2e.QuickOpts(1)...)
	e2e.Answer(t, r, err)
	lobby := w.TableMessage("Click **Join**")
	bob.Click(lobby, e2e.Button(lobby, "join", ""))
	lobby = w.TableMessage("2. bob")
	if text := embedText(lobby); !strings.Contains(text, `Hosted by Ali \*Star\*`) || !strings.Contains(text, `1. Ali \*Star\*`) {
		t.Errorf("the lobby does not name its host and seats by nickname and name:\n%s", text)
	}
	alice.Click(lobby, e2e.Button(lobby, "start", ""))
	table := w.TableMessage("game 1")
	alice.OpenHand(table)
	bob.OpenHand(table)
	e2e.PlayTurns(t, w, players, 3)
	w.Restart()
	// The rebuilt table still knows the names: they are stored with the seats.
	table = w.TableMessage("cardbot restarted")
	if text := embedText(table); !strings.Contains(text, e2e.Named(alice)) || !strings.Contains(text, "bob") {
		t.Errorf("after the restart the table lost the players' names:\n%s", text)
	}
	e2e.PlayToEnd(t, w, players)
	// Outside the table too, views name people as they last sat down.
	r, err = bob.U.Slash(w.Ch, "laro stats", discordtest.UserOpt("player", alice.U))
	if st := e2e.Shown(t, r, e2e.Answer(t, r, err)); len(st.Embeds) == 0 || st.Embeds[0].Description != e2e.Named(alice) {
		t.Errorf("alice's stats do not name her:\n%s", e2e.Text(st))
	}
	r, err = bob.U.Slash(w.Ch, "laro history", discordtest.UserOpt("player", alice.U))
	if h := e2e.Text(e2e.Reply(t, r, err)); !strings.Contains(h, e2e.Named(alice)+"'s finished games") {
		t.Errorf("alice's history does not name her:\n%s", h)
	}
	r, err = bob.U.Slash(w.Ch, "chips leaderboard")
	if board := e2e.Text(e2e.Reply(t, r, err)); !strings.Contains(board, e2e.Named(alice)) || !strings.Contains(board, ". bob — ") {
		t.Errorf("the chip leaderboard does not name the players:\n%s", board)
	}
	for _, m := range w.Ch.Messages() {
		if text := embedText(m); strings.Contains(text, "<@") {
			t.Errorf("an embed mentions someone instead of naming them:\n%s", text)
		}
	}
	w.NoFailures()
}
