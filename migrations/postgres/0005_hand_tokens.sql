-- The PostgreSQL form of sqlite/0005_hand_tokens.sql: the same tables, constraints and indexes.

-- Each player's latest interaction on their hand message, per game. Its token
-- lets the bot keep editing that message for 15 minutes; storing it means a
-- restart does not stop players' hands from updating themselves.

-- +goose Up
CREATE TABLE hand_tokens (
    game_id        TEXT    NOT NULL REFERENCES games (id),
    user_id        TEXT    NOT NULL,
    app_id         TEXT    NOT NULL,
    interaction_id TEXT    NOT NULL,
    token          TEXT    NOT NULL,
    -- When the interaction was created (unix ms); tokens die 15 minutes later.
    opened_at      BIGINT NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

-- +goose Down
DROP TABLE hand_tokens;
