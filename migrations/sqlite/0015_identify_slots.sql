-- When each IDENTIFY bucket may next identify to Discord's gateway (store.ClaimIdentify):
-- Discord allows one IDENTIFY per 5 s in each bucket shard_id % max_concurrency of a bot
-- token, counted over every process, so the processes take their turns through this table.

-- +goose Up
CREATE TABLE identify_slots (
    bucket  INTEGER NOT NULL PRIMARY KEY CHECK (bucket >= 0),
    next_at INTEGER NOT NULL
) STRICT;

-- +goose Down
DROP TABLE identify_slots;
