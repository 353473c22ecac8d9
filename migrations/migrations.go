// Package migrations holds cardbot's database schema as plain SQL files, applied in
// version order by the store at start. It is its own package because //go:embed cannot
// reach files outside the embedding package's folder.
//
// There is one set per SQL dialect: sqlite/ for the embedded default and postgres/ for a
// shared PostgreSQL server. Both sets have the same files (the same versions and names)
// and build the same schema with the same invariants; only the dialect differs. Each file
// is a goose v3 migration (NNNN_name.sql with "-- +goose Up" and "-- +goose Down"
// sections). Released files are never edited; a schema change is a new file with the next
// number, in both folders (TestDialectsMatch checks that both have it).
//
// Porting a SQLite migration to postgres/: INTEGER becomes BIGINT (unix milliseconds do
// not fit PostgreSQL's INTEGER) and BLOB becomes BYTEA; STRICT and WITHOUT ROWID go; a
// trigger becomes a plpgsql function plus a CREATE TRIGGER … FOR EACH ROW [WHEN (…)]
// (see 0002 and 0010), and triggers on one event fire in name order rather than SQLite's;
// DO UPDATE SET names the table's own columns qualified (game_nets.net + excluded.net);
// two-argument MIN/MAX become CASE (or GREATEST/LEAST, PostgreSQL only). Keep the CHECK
// constraints' names: the store maps them to its errors.
//
// goose records only version numbers (in goose_db_version), not file names or folders,
// so moving the SQLite files into sqlite/ changed nothing for databases created before:
// they are at the same version and nothing runs again.
package migrations

import (
	"embed"
	"io/fs"
)

//go:embed sqlite/*.sql postgres/*.sql
var files embed.FS

// SQLite holds the SQLite migrations at its root, named NNNN_name.sql so that goose
// orders them by version.
var SQLite = sub("sqlite")

// Postgres holds the PostgreSQL migrations, named like SQLite's.
var Postgres = sub("postgres")

func sub(dir string) fs.FS {
	f, err := fs.Sub(files, dir)
	if err != nil {
		panic(err) // dir is a constant folder embedded above
	}
	return f
}
