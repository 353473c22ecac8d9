package main

import (
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"testing"
)

// pgServer is a throwaway PostgreSQL cluster of one test's own, as .ci/run starts the
// shared one: Debian's server, a cluster in a temporary folder reached through a Unix
// socket there, run as the postgres user when the test runs as root (PostgreSQL refuses
// root). A test that restarts or stops the server needs one of its own, so that the
// other tests on TEST_DATABASE_URL's server go on undisturbed.
type pgServer struct {
	t   *testing.T
	bin string // the folder of initdb and pg_ctl
	dir string
	URL string // the cluster's postgres database, for DATABASE_URL
}

// startPGServer makes and starts a cluster, and stops and removes it when t ends. It
// fails t if Debian's PostgreSQL is not installed (.ci/run installs it).
func startPGServer(t *testing.T) *pgServer {
	t.Helper()
	bins, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	if len(bins) == 0 {
		t.Fatal("no PostgreSQL server in /usr/lib/postgresql (.ci/run installs Debian's)")
	}
	sort.Strings(bins)
	// Not t.TempDir: its parent is private to this user, and the server may run as another.
	dir, err := os.MkdirTemp("", "cardbot-pg-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	s := &pgServer{t: t, bin: bins[len(bins)-1], dir: dir,
		URL: "postgres://postgres@/postgres?host=" + dir + "&sslmode=disable"}
	if os.Geteuid() == 0 {
		pg, err := user.Lookup("postgres")
		if err != nil {
			t.Fatalf("running as root, the server needs the postgres user: %v", err)
		}
		uid, _ := strconv.Atoi(pg.Uid)
		gid, _ := strconv.Atoi(pg.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	s.run("initdb", "-D", filepath.Join(dir, "data"), "-A", "trust", "-U", "postgres")
	s.Start()
	t.Cleanup(func() { s.ctl("stop", "-m", "immediate") })
	return s
}

// run runs one of the server's programs, as the postgres user when this is root.
func (s *pgServer) run(prog string, args ...string) {
	s.t.Helper()
	path := filepath.Join(s.bin, prog)
	cmd := exec.Command(path, args...)
	if os.Geteuid() == 0 {
		cmd = exec.Command("runuser", append([]string{"-u", "postgres", "--", path}, args...)...)
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		s.t.Fatalf("%s %v: %v\n%s", prog, args, err, out)
	}
}

// ctl runs pg_ctl on the cluster, waiting for it to finish.
func (s *pgServer) ctl(args ...string) {
	s.t.Helper()
	s.run("pg_ctl", append([]string{"-D", filepath.Join(s.dir, "data"), "-l", filepath.Join(s.dir, "log"), "-w"}, args...)...)
}

// Start starts the server, listening on its Unix socket only.
func (s *pgServer) Start() {
	s.t.Helper()
	s.ctl("-o", "-c listen_addresses='' -k "+s.dir, "start")
}

// Restart stops the server (fast: every session is ended) and starts it again.
func (s *pgServer) Restart() {
	s.t.Helper()
	s.ctl("-m", "fast", "-o", "-c listen_addresses='' -k "+s.dir, "restart")
}

// Crash stops the server at once, as a crash does (recovery from the WAL at the next
// start).
func (s *pgServer) Crash() {
	s.t.Helper()
	s.ctl("-m", "immediate", "stop")
}
