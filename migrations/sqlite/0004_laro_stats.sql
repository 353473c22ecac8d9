-- Laro per-player totals, updated once per game inside its settlement.

-- +goose Up
CREATE TABLE laro_stats (
    guild        TEXT    NOT NULL,
    user_id      TEXT    NOT NULL,
    games        INTEGER NOT NULL DEFAULT 0,
    wins         INTEGER NOT NULL DEFAULT 0,
    points       INTEGER NOT NULL DEFAULT 0,
    biggest_hand INTEGER NOT NULL DEFAULT 0,
    chips_won    INTEGER NOT NULL DEFAULT 0,
    chips_lost   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild, user_id)
) STRICT, WITHOUT ROWID;

-- +goose Down
DROP TABLE laro_stats;
