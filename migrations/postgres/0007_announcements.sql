-- The PostgreSQL form of sqlite/0007_announcements.sql: the same tables, constraints and indexes.

-- Channel messages an action makes the bot post, such as a Laus round's summary. Each is
-- stored in the transaction of the action that causes it and marked posted once Discord
-- has accepted it, so that after a restart the bot posts what the last run did not.

-- +goose Up
CREATE TABLE announcements (
    game_id    TEXT    NOT NULL,
    -- The action that caused it: one announcement per action at most.
    action_seq BIGINT NOT NULL,
    -- The message to post, as the bot encodes it (JSON: content and embeds).
    body       TEXT    NOT NULL,
    -- The table message the action retired ('' for none), and what it becomes.
    retire_id   TEXT   NOT NULL DEFAULT '',
    retire_body TEXT   NOT NULL DEFAULT '',
    -- The posted message, and when it was marked posted (unix ms); NULL until then.
    message_id TEXT    NOT NULL DEFAULT '',
    posted_at  BIGINT,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, action_seq),
    FOREIGN KEY (game_id, action_seq) REFERENCES actions (game_id, seq)
);

-- A restart looks up only what is still to post.
CREATE INDEX announcements_unposted ON announcements (game_id) WHERE posted_at IS NULL;

-- +goose Down
DROP TABLE announcements;
