package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/cardbot/cardbot/store"
)

// migrateTo copies the bot's SQLite database (DATABASE_PATH) into the empty PostgreSQL
// database at url, for `cardbot migrate --to URL`, and checks the copy table for table
// (store.CopyTo). Every shard's lease is taken first and held throughout, so that no bot
// writes to the file while it is copied, nor starts on it meanwhile: the bot must be
// stopped, and is told to be if it runs.
func migrateTo(ctx context.Context, path, url string, stdout io.Writer) error {
	if err := checkDatabaseURL(url); err != nil {
		return errors.New("--to: " + err.Error())
	}
	src, err := store.Open(ctx, path)
	if err != nil {
		return err
	}
	defer src.Close()
	if src.Created() {
		return fmt.Errorf("there is no database at %s (DATABASE_PATH): nothing to copy", path)
	}
	count, err := src.ShardCount(ctx)
	if err != nil {
		return err
	}
	for shard := range max(count, 1) {
		wait, cancel := context.WithTimeout(ctx, 2*time.Second)
		lease, err := store.TakeLease(wait, path, shard, nil)
		cancel()
		if err != nil {
			return fmt.Errorf("shard %d of the bot is running on %s: stop every cardbot process first", shard, path)
		}
		defer lease.Release()
	}
	dst, err := store.Open(ctx, url)
	if err != nil {
		return err
	}
	defer dst.Close()
	start := time.Now()
	n, err := src.CopyTo(ctx, dst)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "copied %s into %s: %d rows in %v, every table checked against the source; "+
		"set DATABASE_URL to it and start the bot\n", path, dst.Path(), n, time.Since(start).Round(time.Millisecond))
	return nil
}
