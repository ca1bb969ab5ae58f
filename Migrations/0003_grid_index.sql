-- 0003_grid_index: what layout queries on a large library need, so they read almost nothing.
--
-- The grid is the 'ok' photos in (sort_key, path_bytes) order.
-- 1. A covering partial index of the grid: finding the photos at grid positions [a, b)
--    (LIMIT/OFFSET) walks this index alone instead of visiting table rows.
CREATE INDEX photos_grid ON photos (sort_key, path_bytes, display_width, display_height) WHERE status = 'ok';

-- 2. The number of photos in the grid, kept by triggers (counting 1,000,000 index entries takes
--    ~100 ms; reading this row takes microseconds).
CREATE TABLE grid_size (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    photos  INTEGER NOT NULL CHECK (photos >= 0)
) STRICT;
INSERT INTO grid_size (id, photos) VALUES (1, (SELECT count(*) FROM photos WHERE status = 'ok'));

CREATE TRIGGER grid_size_after_insert AFTER INSERT ON photos WHEN NEW.status = 'ok'
BEGIN
    UPDATE grid_size SET photos = photos + 1 WHERE id = 1;
END;

CREATE TRIGGER grid_size_after_delete AFTER DELETE ON photos WHEN OLD.status = 'ok'
BEGIN
    UPDATE grid_size SET photos = photos - 1 WHERE id = 1;
END;

CREATE TRIGGER grid_size_after_status_change AFTER UPDATE OF status ON photos
WHEN (OLD.status = 'ok') <> (NEW.status = 'ok')
BEGIN
    UPDATE grid_size SET photos = photos + (NEW.status = 'ok') - (OLD.status = 'ok') WHERE id = 1;
END;
