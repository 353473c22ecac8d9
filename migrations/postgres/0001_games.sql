-- Games and their action logs: the PostgreSQL form of sqlite/0001_games.sql (same
-- columns, constraints and indexes). Unix milliseconds need BIGINT.
--
-- rowid stands in for SQLite's implicit rowid, which the store's queries use to order
-- games created in the same millisecond by insertion.

-- +goose Up
CREATE TABLE games (
    id            TEXT    NOT NULL PRIMARY KEY,
    table_id      TEXT    NOT NULL DEFAULT '',
    kind          TEXT    NOT NULL CHECK (kind IN ('laro', 'laus')),
    guild         TEXT    NOT NULL,
    channel       TEXT    NOT NULL,
    host          TEXT    NOT NULL,
    message_id    TEXT    NOT NULL DEFAULT '',
    settings      TEXT    NOT NULL DEFAULT '{}',
    seed          BYTEA,
    seats         TEXT    NOT NULL DEFAULT '[]',
    status        TEXT    NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'cancelled')),
    last_seq      BIGINT NOT NULL DEFAULT 0 CHECK (last_seq >= 0),
    pot           BIGINT NOT NULL DEFAULT 0 CONSTRAINT pot_nonnegative CHECK (pot >= 0),
    deadline      BIGINT,
    deadline_kind TEXT    NOT NULL DEFAULT '',
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL,
    rowid         BIGINT GENERATED ALWAYS AS IDENTITY
);

CREATE INDEX games_live ON games (status) WHERE status IN ('lobby', 'playing');
CREATE INDEX games_channel ON games (guild, channel, kind, created_at);

CREATE TABLE actions (
    game_id    TEXT    NOT NULL REFERENCES games (id),
    seq        BIGINT NOT NULL CHECK (seq >= 1),
    data       TEXT    NOT NULL,
    at         BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE settlements (
    game_id    TEXT    NOT NULL PRIMARY KEY REFERENCES games (id),
    action_seq BIGINT,
    settled_at BIGINT NOT NULL
);

-- +goose Down
DROP TABLE settlements;
DROP TABLE actions;
DROP TABLE games;
