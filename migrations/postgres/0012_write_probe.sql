-- The PostgreSQL form of sqlite/0012_write_probe.sql: the same tables, constraints and indexes.

-- One row the readiness check rewrites every few seconds (store.ProbeWrite), so that
-- /readyz turns red when the database cannot take a write: a read-only file system, a
-- full disk. It holds only when it was last written.

-- +goose Up
CREATE TABLE write_probe (
    id        BIGINT NOT NULL PRIMARY KEY CHECK (id = 1),
    probed_at BIGINT NOT NULL
);

-- +goose Down
DROP TABLE write_probe;
