-- One row the readiness check rewrites every few seconds (store.ProbeWrite), so that
-- /readyz turns red when the database cannot take a write: a read-only file system, a
-- full disk. It holds only when it was last written.

-- +goose Up
CREATE TABLE write_probe (
    id        INTEGER NOT NULL PRIMARY KEY CHECK (id = 1),
    probed_at INTEGER NOT NULL
) STRICT;

-- +goose Down
DROP TABLE write_probe;
