-- Games and their action logs. A game is its seed plus its ordered actions (event
-- sourcing): replaying them rebuilds the table after a restart.

-- +goose Up
CREATE TABLE games (
    id            TEXT    NOT NULL PRIMARY KEY,
    -- The bot's table a game belongs to; successive games at one table share it.
    table_id      TEXT    NOT NULL DEFAULT '',
    kind          TEXT    NOT NULL CHECK (kind IN ('laro', 'laus')),
    guild         TEXT    NOT NULL,
    channel       TEXT    NOT NULL,
    host          TEXT    NOT NULL,
    message_id    TEXT    NOT NULL DEFAULT '',
    settings      TEXT    NOT NULL DEFAULT '{}',
    seed          BLOB,
    -- JSON array of {"user": "...", "computer": bool}.
    seats         TEXT    NOT NULL DEFAULT '[]',
    status        TEXT    NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'cancelled')),
    -- Seq of the last appended action; the next append must be last_seq + 1.
    last_seq      INTEGER NOT NULL DEFAULT 0 CHECK (last_seq >= 0),
    -- Chips paid in (antes, stakes) and not yet paid out, kept by a ledger trigger.
    -- Never negative; zero once settled.
    pot           INTEGER NOT NULL DEFAULT 0 CONSTRAINT pot_nonnegative CHECK (pot >= 0),
    -- Next timer deadline (unix ms) and what it is for, so timers re-arm after a restart.
    deadline      INTEGER,
    deadline_kind TEXT    NOT NULL DEFAULT '',
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL
) STRICT;

-- LiveGames scans only the few unfinished games.
CREATE INDEX games_live ON games (status) WHERE status IN ('lobby', 'playing');
-- The Laus scoreboard looks up a channel's latest match.
CREATE INDEX games_channel ON games (guild, channel, kind, created_at);

CREATE TABLE actions (
    game_id    TEXT    NOT NULL REFERENCES games (id),
    seq        INTEGER NOT NULL CHECK (seq >= 1),
    data       TEXT    NOT NULL,
    -- Snowflake time of the interaction (unix ms): the game's clock for arbitration.
    at         INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
) STRICT, WITHOUT ROWID;

-- One row per settled game: the primary key makes paying twice impossible.
CREATE TABLE settlements (
    game_id    TEXT    NOT NULL PRIMARY KEY REFERENCES games (id),
    action_seq INTEGER,
    settled_at INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

-- +goose Down
DROP TABLE settlements;
DROP TABLE actions;
DROP TABLE games;
