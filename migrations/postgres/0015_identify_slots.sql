-- The PostgreSQL form of sqlite/0015_identify_slots.sql: the same table and constraints.

-- When each IDENTIFY bucket may next identify to Discord's gateway (store.ClaimIdentify):
-- Discord allows one IDENTIFY per 5 s in each bucket shard_id % max_concurrency of a bot
-- token, counted over every process, so the processes take their turns through this table.

-- +goose Up
CREATE TABLE identify_slots (
    bucket  BIGINT NOT NULL PRIMARY KEY CHECK (bucket >= 0),
    next_at BIGINT NOT NULL
);

-- +goose Down
DROP TABLE identify_slots;
