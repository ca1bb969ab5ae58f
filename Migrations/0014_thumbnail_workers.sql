-- 0014_thumbnail_workers: the processes that have claimed thumbnail work (`photogrid worker`,
-- `photogrid thumbs`), for `photogrid stats` ("workers seen").
--
-- One row per process (`host:pid`), written by each of its claims: when it last claimed (Unix seconds,
-- the database's clock) and how many photos it has claimed in all.
CREATE TABLE thumbnail_workers (
    name       TEXT    PRIMARY KEY,
    last_seen  INTEGER NOT NULL,
    claimed    INTEGER NOT NULL DEFAULT 0
) STRICT;
