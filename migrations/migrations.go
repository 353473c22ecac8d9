// Package migrations holds cardbot's database schema as plain SQL files, applied in
// version order by the store at start. It is its own package because //go:embed cannot
// reach files outside the embedding package's folder.
//
// Each file is a goose v3 migration (NNNN_name.sql with "-- +goose Up" and
// "-- +goose Down" sections). Released files are never edited; a schema change is a new
// file with the next number.
package migrations

import "embed"

// FS holds every migration file, named NNNN_name.sql so that goose orders them by version.
//
//go:embed *.sql
var FS embed.FS
