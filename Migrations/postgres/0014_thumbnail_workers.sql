-- 0014_thumbnail_workers (PostgreSQL): the processes that have claimed thumbnail work
-- (../0014_thumbnail_workers.sql).
CREATE TABLE thumbnail_workers (
    name       TEXT    PRIMARY KEY,
    last_seen  BIGINT  NOT NULL,
    claimed    BIGINT  NOT NULL DEFAULT 0
);
