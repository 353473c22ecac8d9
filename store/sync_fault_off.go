//go:build !faultsync

package store

import "os"

// withSyncFault is the WAL sync itself: faults are injected only in builds with the
// faultsync tag (sync_fault_on.go), which the tests of cmd/cardbot make.
func withSyncFault(sync func(*os.File) error) func(*os.File) error { return sync }
