package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// fileLease holds shard leases of a SQLite database as flocks on one lock file per shard
// beside it (cardbot.db.shard-0.lock): the kernel lets a lock go when its process ends,
// however it ends, and never otherwise.
type fileLease struct {
	db    string
	files map[int]*os.File
}

func newFileLease(db string) *fileLease { return &fileLease{db: db, files: map[int]*os.File{}} }

// leasePath is the lock file of shard.
func (f *fileLease) leasePath(shard int) string {
	return fmt.Sprintf("%s.shard-%d.lock", f.db, shard)
}

func (f *fileLease) tryLock(_ context.Context, shard int) (bool, error) {
	path := f.leasePath(shard)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return false, fmt.Errorf("store: lease file: %w", err)
	}
	file, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return false, fmt.Errorf("store: lease file: %w", err)
	}
	if err := syscall.Flock(int(file.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		file.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return false, nil
		}
		return false, fmt.Errorf("store: lock %s: %w", path, err)
	}
	// A file deleted between the open and the lock would be locked by nobody else's
	// lookup: lock only the file the path names.
	if !samePath(file, path) {
		file.Close()
		return false, nil
	}
	f.files[shard] = file
	return true, nil
}

func (f *fileLease) unlock(_ context.Context, shard int) error {
	file := f.files[shard]
	delete(f.files, shard)
	if file == nil {
		return nil
	}
	return file.Close() // the lock goes with the last descriptor
}

// alive fails if a lock file was deleted or replaced: a new process would then lock a
// new file of the same name.
func (f *fileLease) alive(context.Context) error {
	for shard, file := range f.files {
		if !samePath(file, f.leasePath(shard)) {
			return fmt.Errorf("store: the lease file %s was removed", f.leasePath(shard))
		}
	}
	return nil
}

func (f *fileLease) sessionPID() int32 { return 0 }

func (f *fileLease) close() {
	for shard := range f.files {
		_ = f.unlock(context.Background(), shard)
	}
}

// samePath reports whether path still names the open file.
func samePath(file *os.File, path string) bool {
	a, err := file.Stat()
	if err != nil {
		return false
	}
	b, err := os.Stat(path)
	return err == nil && os.SameFile(a, b)
}
