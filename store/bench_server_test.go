package store

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// serverCPU returns a function that tells the CPU time (user and system) that the
// PostgreSQL server's processes have used since serverCPU was called, or nil when the
// server's processes cannot be read (not on this machine, or not a superuser's URL). It
// reads /proc: the server's postmaster is named by postmaster.pid in its data directory,
// and every backend, the WAL writer and the checkpointer are its children. The
// benchmark reports it per action beside the bot's own.
func serverCPU(s *Store) func() time.Duration {
	var dir string
	if err := s.rdb.QueryRowContext(context.Background(), `SELECT setting FROM pg_settings WHERE name = 'data_directory'`).Scan(&dir); err != nil || dir == "" {
		return nil
	}
	pidFile, err := os.ReadFile(filepath.Join(dir, "postmaster.pid"))
	if err != nil {
		return nil
	}
	postmaster := strings.SplitN(string(pidFile), "\n", 2)[0]
	start := childrenCPU(postmaster)
	if start == nil {
		return nil
	}
	return func() time.Duration {
		var d time.Duration
		for pid, t := range childrenCPU(postmaster) {
			d += t - start[pid] // a backend started since counts from zero
		}
		return d
	}
}

// childrenCPU is the CPU time of the postmaster and each of its children, by pid.
func childrenCPU(postmaster string) map[string]time.Duration {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	const tick = 10 * time.Millisecond // USER_HZ, 100 on Linux
	out := map[string]time.Duration{}
	for _, e := range entries {
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid … utime is field 14, stime 15; comm may hold spaces.
		i := strings.LastIndexByte(string(stat), ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(stat)[i+1:])
		if len(f) < 13 || (f[1] != postmaster && e.Name() != postmaster) {
			continue
		}
		u, _ := strconv.ParseInt(f[11], 10, 64)
		s, _ := strconv.ParseInt(f[12], 10, 64)
		out[e.Name()] = time.Duration(u+s) * tick
	}
	return out
}
