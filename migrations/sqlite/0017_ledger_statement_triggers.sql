-- On PostgreSQL, 0017 runs the ledger's triggers once per INSERT statement over its
-- transition table instead of once per row (see postgres/0017). SQLite has only row
-- triggers, and its group commit inserts a row per statement, so nothing changes here;
-- the file keeps both dialects at the same version.

-- +goose Up
SELECT 1;

-- +goose Down
SELECT 1;
