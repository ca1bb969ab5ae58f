-- 0006_grid_days: the grid's photos counted per day, so a grid position is found without walking to it.
--
-- The grid is the 'ok' photos in (sort_key, path_bytes) order (0003). A day is the first ten
-- characters of sort_key ('YYYY-MM-DD' of the taken-at time, else of the file's UTC mtime): all photos
-- of a day are one contiguous run of grid positions, and `sort_key >= day` starts exactly at the run.
-- Position k lies in the first day whose running total exceeds k; the photos before that day are
-- skipped by the running total (a few thousand rows for a library spanning ten years), and only the
-- photos of that day before k are walked on the covering index `photos_grid`. Without this table, the
-- walk to position 909,000 of a million-photo library read 909,000 index entries (~85 ms).
-- The same counts are what day, month and year sections of the grid are made from.
CREATE TABLE grid_days (
    day     TEXT    PRIMARY KEY,
    photos  INTEGER NOT NULL CHECK (photos >= 0)
) STRICT, WITHOUT ROWID;

INSERT INTO grid_days (day, photos)
    SELECT substr(sort_key, 1, 10), count(*) FROM photos WHERE status = 'ok' GROUP BY substr(sort_key, 1, 10);

CREATE TRIGGER grid_days_after_insert AFTER INSERT ON photos WHEN NEW.status = 'ok'
BEGIN
    INSERT INTO grid_days (day, photos) VALUES (substr(NEW.sort_key, 1, 10), 1)
        ON CONFLICT (day) DO UPDATE SET photos = photos + 1;
END;

CREATE TRIGGER grid_days_after_delete AFTER DELETE ON photos WHEN OLD.status = 'ok'
BEGIN
    UPDATE grid_days SET photos = photos - 1 WHERE day = substr(OLD.sort_key, 1, 10);
    DELETE FROM grid_days WHERE day = substr(OLD.sort_key, 1, 10) AND photos = 0;
END;

-- A row leaves its old day (when it was in the grid) and joins its new one (when it is in the grid
-- now): covers status changes, re-probed dates and both at once.
CREATE TRIGGER grid_days_after_update AFTER UPDATE OF status, sort_key ON photos
WHEN (OLD.status = 'ok' OR NEW.status = 'ok')
 AND (OLD.status IS NOT NEW.status OR substr(OLD.sort_key, 1, 10) IS NOT substr(NEW.sort_key, 1, 10))
BEGIN
    UPDATE grid_days SET photos = photos - 1 WHERE OLD.status = 'ok' AND day = substr(OLD.sort_key, 1, 10);
    DELETE FROM grid_days WHERE OLD.status = 'ok' AND day = substr(OLD.sort_key, 1, 10) AND photos = 0;
    INSERT INTO grid_days (day, photos) SELECT substr(NEW.sort_key, 1, 10), 1 WHERE NEW.status = 'ok'
        ON CONFLICT (day) DO UPDATE SET photos = photos + 1;
END;
