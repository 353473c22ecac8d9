//go:build faultsync

package store

import (
	"os"
	"syscall"
)

// faultSyncEnv names a file: while it exists, every sync of the WAL fails with EIO, as on
// a failing disk. Only builds with the faultsync tag read it, so that a test can make the
// real binary's disk fail under a move it chooses; a production build has no such switch.
const faultSyncEnv = "CARDBOT_FAULT_SYNC"

// withSyncFault wraps the WAL sync with the fault of CARDBOT_FAULT_SYNC, when it is set.
func withSyncFault(sync func(*os.File) error) func(*os.File) error {
	trigger := os.Getenv(faultSyncEnv)
	if trigger == "" {
		return sync
	}
	return func(f *os.File) error {
		if _, err := os.Stat(trigger); err == nil {
			return syscall.EIO
		}
		return sync(f)
	}
}
