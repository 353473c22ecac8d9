-- Why a game that nobody won was ended early, and by whom: a moderator's close, a channel
-- the bot can no longer reach, a log that cannot be rebuilt. One row per abandoned game,
-- written in the transaction that refunds its pot and cancels it (store.AbandonGame).

-- +goose Up
CREATE TABLE game_closures (
    game_id   TEXT    NOT NULL PRIMARY KEY REFERENCES games (id),
    -- The Discord user ID of the member who closed it; '' when the bot did.
    closed_by TEXT    NOT NULL DEFAULT '',
    reason    TEXT    NOT NULL,
    closed_at INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

-- +goose Down
DROP TABLE game_closures;
