package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
)

// ErrBackupExists means the backup's destination is already there: a
// backup never overwrites a file.
var ErrBackupExists = errors.New("store: backup file already exists")

// ErrBackupPostgres means Backup was asked of a PostgreSQL database, which its
// server's own tools copy (pg_dump), not the bot.
var ErrBackupPostgres = errors.New("store: the database is on a PostgreSQL server: back it up with pg_dump")

// Backup writes a consistent copy of the database to path while the bot
// keeps running (see BackupFile). On PostgreSQL it fails with ErrBackupPostgres.
func (s *Store) Backup(ctx context.Context, path string) error {
	select {
	case <-s.closed:
		return ErrClosed
	default:
	}
	if s.dialect == dialectPostgres {
		return ErrBackupPostgres
	}
	return BackupFile(ctx, s.path, path)
}

// BackupFile writes a consistent copy of the database at src to dst with
// SQLite's VACUUM INTO, which reads one snapshot: writers carry on
// meanwhile, and every transaction committed before the copy began is in
// it, none after. The copy is a plain database file (no -wal beside it),
// compacted, and flushed to disk before it appears under its name.
//
// src is opened read-only and without migrating it, so a backup taken with
// a newer cardbot binary never changes the database of the bot running.
// BackupFile refuses, with ErrBackupExists, to replace an existing dst, and
// creates dst's folder if needed.
func BackupFile(ctx context.Context, src, dst string) error {
	if _, err := os.Lstat(dst); err == nil {
		return fmt.Errorf("%w: %s (choose a new file name; a backup never overwrites one)", ErrBackupExists, dst)
	}
	fi, err := os.Stat(src)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("store: no database at %s to back up (check DATABASE_PATH)", src)
	}
	if err != nil {
		return fmt.Errorf("store: database %s: %w", src, err)
	}
	if fi.IsDir() {
		return fmt.Errorf("store: database path %s is a folder, not a file", src)
	}
	dir := filepath.Dir(dst)
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return fmt.Errorf("store: cannot create the backup's folder: %w", err)
	}
	// The copy is written under a temporary name and then linked to dst,
	// which fails if dst appeared meanwhile: no half-written file ever
	// carries the backup's name, and no file is ever replaced.
	tmp, err := os.CreateTemp(dir, filepath.Base(dst)+".partial-*")
	if err != nil {
		return fmt.Errorf("store: cannot write the backup: %w", err)
	}
	tmpName := tmp.Name()
	tmp.Close()
	defer os.Remove(tmpName)
	// VACUUM INTO writes only into a file that is missing or empty.
	if err := vacuumInto(ctx, src, tmpName); err != nil {
		return err
	}
	if err := syncFile(tmpName); err != nil {
		return fmt.Errorf("store: flushing the backup: %w", err)
	}
	if err := os.Link(tmpName, dst); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("%w: %s (choose a new file name; a backup never overwrites one)", ErrBackupExists, dst)
		}
		return fmt.Errorf("store: cannot write the backup: %w", err)
	}
	return syncFile(dir)
}

// vacuumInto copies the database at src into the empty file dst. The
// connection is read-only (mode=ro): VACUUM INTO only reads its source.
func vacuumInto(ctx context.Context, src, dst string) error {
	q := url.Values{}
	q.Set("mode", "ro")
	q.Set("_busy_timeout", "5000")
	abs, err := filepath.Abs(src)
	if err != nil {
		return fmt.Errorf("store: database %s: %w", src, err)
	}
	db, err := sql.Open(driverName, "file:"+abs+"?"+q.Encode())
	if err != nil {
		return fmt.Errorf("store: open database %s: %w", src, err)
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, `VACUUM INTO ?`, dst); err != nil {
		return fmt.Errorf("store: backing up %s: %w", src, err)
	}
	return nil
}

// syncFile flushes a file, or a folder's entries, to disk.
func syncFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}
