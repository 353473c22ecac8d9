package main

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/metrics"
)

// waitStatus asks url until it answers want with a body containing has, and returns
// that body.
func waitStatus(t *testing.T, url string, want int, has string, timeout time.Duration) string {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		code, body := get(url)
		if code == want && strings.Contains(body, has) {
			return body
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s answered %d %q for %v, want %d with %q", url, code, body, timeout, want, has)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// /readyz turns red while the database cannot take a write, and green again once it
// can, while /healthz (the bot is alive, the database answers reads) stays green.
//
// The running bot's files are capped at one byte with RLIMIT_FSIZE (prlimit on its
// process), so that every write to the database or its WAL fails with EFBIG, as it
// would on a full disk. That is a real refusal by the kernel, which needs no root and no
// mount: making the file read-only would not do (the bot holds it open, and root ignores
// file modes), and a small file system or a failing device need root to mount.
func TestBinaryIsNotReadyWhileTheDatabaseTakesNoWrites(t *testing.T) {
	t.Parallel()
	cardbotBinary(t)
	srv := discordtest.New(t)
	g := srv.AddGuild("test server")
	dir := t.TempDir()
	addr := freeAddr(t)
	base := "http://" + addr
	env := append(botEnv(srv, g, filepath.Join(dir, "cardbot.db")), "METRICS_ADDR="+addr)
	p := startBot(t, "bot", dir, env)
	waitReady(t, p, srv, g.ID())
	waitStatus(t, base+"/readyz", http.StatusOK, "ready", stepTimeout)

	pid := p.cmd.Process.Pid
	var was unix.Rlimit
	if err := unix.Prlimit(pid, unix.RLIMIT_FSIZE, &unix.Rlimit{Cur: 1, Max: unix.RLIM_INFINITY}, &was); err != nil {
		t.Fatalf("prlimit: %v", err)
	}
	body := waitStatus(t, base+"/readyz", http.StatusServiceUnavailable, "cannot take a write", metrics.ProbeEvery+stepTimeout)
	t.Logf("/readyz while no file may grow: %s", strings.TrimSpace(body))
	if code, body := get(base + "/healthz"); code != http.StatusOK {
		t.Errorf("/healthz while the database takes no writes: %d %q, want 200 (it answers reads)", code, body)
	}

	if err := unix.Prlimit(pid, unix.RLIMIT_FSIZE, &was, nil); err != nil {
		t.Fatalf("prlimit: %v", err)
	}
	waitStatus(t, base+"/readyz", http.StatusOK, "ready", metrics.ProbeEvery+stepTimeout)
	p.stop()
}
