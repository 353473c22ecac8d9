//go:build !linux

package store

import "os"

// syncData flushes f to the disk; fdatasync is Linux's (see sync_data_linux.go).
func syncData(f *os.File) error { return f.Sync() }
