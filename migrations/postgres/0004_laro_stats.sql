-- The PostgreSQL form of sqlite/0004_laro_stats.sql: the same tables, constraints and indexes.

-- Laro per-player totals, updated once per game inside its settlement.

-- +goose Up
CREATE TABLE laro_stats (
    guild        TEXT    NOT NULL,
    user_id      TEXT    NOT NULL,
    games        BIGINT NOT NULL DEFAULT 0,
    wins         BIGINT NOT NULL DEFAULT 0,
    points       BIGINT NOT NULL DEFAULT 0,
    biggest_hand BIGINT NOT NULL DEFAULT 0,
    chips_won    BIGINT NOT NULL DEFAULT 0,
    chips_lost   BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (guild, user_id)
);

-- +goose Down
DROP TABLE laro_stats;
