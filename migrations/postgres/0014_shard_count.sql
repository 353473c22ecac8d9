-- The PostgreSQL form of sqlite/0014_shard_count.sql: the same table and constraints.

-- The cluster's SHARD_COUNT, recorded by the first process to start (store.RecordShardCount):
-- a process started with another count would split Discord's servers differently and
-- serve some twice, so it is refused while processes of the recorded count still run.

-- +goose Up
CREATE TABLE shard_count (
    id          BIGINT NOT NULL PRIMARY KEY CHECK (id = 1),
    shards      BIGINT NOT NULL CHECK (shards >= 1),
    recorded_at BIGINT NOT NULL
);

-- +goose Down
DROP TABLE shard_count;
