-- 0017_kept_layouts (PostgreSQL): layouts a process keeps for the next (../0017_kept_layouts.sql).
CREATE TABLE kept_layouts (
    key           TEXT PRIMARY KEY,
    grid_version  BIGINT NOT NULL,
    bytes         BYTEA NOT NULL,
    kept_order      BIGINT NOT NULL   -- the order of keeping: one more than the newest's
);
