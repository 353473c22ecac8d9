-- On PostgreSQL, 0019 runs the ledger's triggers once per INSERT statement over its
-- transition table instead of once per row (see postgres/0019). SQLite has only row
-- triggers, and its group commit inserts a row per statement, so nothing changes here;
-- the file keeps both dialects at the same version.

-- +goose Up
SELECT 1;

-- +goose Down
SELECT 1;
