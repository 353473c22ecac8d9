-- The PostgreSQL form of sqlite/0008_threads_and_guild_settings.sql: the same tables, constraints and indexes.

-- Tables that play in threads, and each server's defaults for new tables.

-- +goose Up
-- The thread a game is played in, started from a message in the game's channel
-- (games.channel). A game with no row here is played in the channel itself.
CREATE TABLE game_threads (
    game_id    TEXT    NOT NULL PRIMARY KEY REFERENCES games (id),
    thread_id  TEXT    NOT NULL,
    -- The channel message the thread was started from: it shows the result at the end.
    lobby_id   TEXT    NOT NULL,
    created_at BIGINT NOT NULL
);

-- A server's defaults for new tables, set with /cardbot settings. NULL means the
-- bot's own default; an option given to /laro new or /laus new still wins.
CREATE TABLE guild_settings (
    guild           TEXT    NOT NULL PRIMARY KEY,
    stake           BIGINT,
    ante            BIGINT,
    claim_window_s  BIGINT,
    turn_timer_s    BIGINT,
    laus_target     BIGINT,
    threads         BIGINT CHECK (threads IN (0, 1)),
    updated_by      TEXT    NOT NULL,
    updated_at      BIGINT NOT NULL
);

-- +goose Down
DROP TABLE guild_settings;
DROP TABLE game_threads;
