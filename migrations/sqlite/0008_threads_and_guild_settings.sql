-- Tables that play in threads, and each server's defaults for new tables.

-- +goose Up
-- The thread a game is played in, started from a message in the game's channel
-- (games.channel). A game with no row here is played in the channel itself.
CREATE TABLE game_threads (
    game_id    TEXT    NOT NULL PRIMARY KEY REFERENCES games (id),
    thread_id  TEXT    NOT NULL,
    -- The channel message the thread was started from: it shows the result at the end.
    lobby_id   TEXT    NOT NULL,
    created_at INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

-- A server's defaults for new tables, set with /cardbot settings. NULL means the
-- bot's own default; an option given to /laro new or /laus new still wins.
CREATE TABLE guild_settings (
    guild           TEXT    NOT NULL PRIMARY KEY,
    stake           INTEGER,
    ante            INTEGER,
    claim_window_s  INTEGER,
    turn_timer_s    INTEGER,
    laus_target     INTEGER,
    threads         INTEGER CHECK (threads IN (0, 1)),
    updated_by      TEXT    NOT NULL,
    updated_at      INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

-- +goose Down
DROP TABLE guild_settings;
DROP TABLE game_threads;
