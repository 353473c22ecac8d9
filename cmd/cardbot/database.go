package main

import (
	"log/slog"
	"os"
	"path/filepath"

	"github.com/cardbot/cardbot/store"
)

// logDatabase says which database file the bot runs on, and says it loudly when the
// file was not there and a new, empty one was made: on any start but the first, that is
// a mistyped DATABASE_PATH (or a volume that was not mounted), and every player would
// find their chips and tables gone.
func logDatabase(log *slog.Logger, st *store.Store) {
	path := st.Path()
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	if st.Created() {
		log.Warn("no database file was there, so a new, empty one was created: if this is not the bot's first start, stop it and check DATABASE_PATH", "path", path)
		return
	}
	log.Info("database opened", "path", path)
}

// stopOnSyncFailure stops the process when a write cannot be synced to the disk, before
// the player waiting on it is answered (see the store package, sync_failure.go): the
// supervisor restarts the bot, which recovers from what the disk holds. It exits with
// store.ExitSyncFailed, which the README's Operating section documents.
func stopOnSyncFailure(log *slog.Logger) func(error) {
	return func(err error) {
		log.Error("the disk did not take a write; stopping so that the restart recovers from what the disk holds", "err", err, "exit", store.ExitSyncFailed)
		os.Exit(store.ExitSyncFailed)
	}
}
