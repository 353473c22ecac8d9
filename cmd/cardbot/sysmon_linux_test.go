//go:build linux

package main

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cardbot/cardbot/bot/discordtest"
)

// The bot as started runs with the setting in its environment, in the
// process it was started as, and plays; GODEBUG=schedtrace=0 leaves it out.
// (Linux only: it reads the process's environment from /proc.)
func TestBinaryRunsWithTheSchedulerMonitorSteady(t *testing.T) {
	t.Parallel()
	cardbotBinary(t)
	for _, tc := range []struct {
		name, godebug, want string
	}{
		{"default", "", "GODEBUG=" + schedtraceSetting},
		{"turned off", "GODEBUG=schedtrace=0", "GODEBUG=schedtrace=0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := discordtest.New(t)
			g := srv.AddGuild("test server")
			ch := g.AddChannel("card-tables")
			dir := t.TempDir()
			env := botEnv(srv, g, filepath.Join(dir, "cardbot.db"))
			if tc.godebug != "" {
				env = append(env, tc.godebug)
			}
			p := startBot(t, "bot", dir, env)
			waitReady(t, p, srv, g.ID())
			environ, err := os.ReadFile("/proc/" + strconv.Itoa(p.cmd.Process.Pid) + "/environ")
			if err != nil {
				t.Fatal(err)
			}
			vars := strings.Split(string(environ), "\x00")
			var godebug []string
			for _, v := range vars {
				if strings.HasPrefix(v, "GODEBUG=") {
					godebug = append(godebug, v)
				}
			}
			if len(godebug) != 1 || godebug[0] != tc.want {
				t.Errorf("the bot's process runs with %q, want %q", godebug, tc.want)
			}
			if !slices.Contains(vars, "DEV_GUILD_ID="+g.ID()) {
				t.Errorf("the bot's environment lost the rest: %q", vars)
			}
			r, err := srv.User("carol").Slash(ch, "chips balance")
			if cb := act(t, "carol /chips balance", r, err); !strings.Contains(msgText(cb.Message), "chips") {
				t.Errorf("/chips balance answered %q", msgText(cb.Message))
			}
			p.stop()
			// At most one trace line (at start, on a machine up for longer
			// than the period): a shorter period would print them as the
			// bot runs.
			if n := strings.Count(p.out.String(), "SCHED "); n > 1 {
				t.Errorf("the bot printed %d scheduler traces:\n%s", n, p.out.String())
			}
		})
	}
}
