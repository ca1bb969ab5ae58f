-- 0017_kept_layouts: layouts a process keeps for the next, so that a question about a large library need
-- not lay out all of it again. Today justified rows: each section's row starts, tops and heights
-- (GridLayout's `JustifiedPhotoGrid.keptRows`), under a key naming the options and photogrid's version.
-- A layout holds for one grid version (0007): once the grid changes it is stale, never read, and the next
-- layout kept removes it; at most 8 are kept.
CREATE TABLE kept_layouts (
    key           TEXT PRIMARY KEY NOT NULL,
    grid_version  INTEGER NOT NULL,
    bytes         BLOB NOT NULL,
    kept_order      INTEGER NOT NULL   -- the order of keeping: one more than the newest's
);
