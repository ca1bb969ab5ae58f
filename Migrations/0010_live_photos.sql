-- 0010_live_photos: a Live Photo (a photo and the short movie of the same moment) is one grid item, and a
-- video's poster frame time is recorded.
--   poster_time         a video's poster frame time in seconds from its start (NULL for photos, and for a
--                       video whose keyframe could not be found): `ffmpeg -ss poster_time` gives that frame
--   content_identifier  Apple's Live Photo identifier: a photo's maker note tag 0x0011, a movie's
--                       com.apple.quicktime.content.identifier (NULL when the file has none)
--   live_photo_id       on a movie that is a Live Photo's motion: its photo's row id. The movie stays a
--                       row (listed, counted as a Live Photo's motion) but leaves the grid; its photo's
--                       media is 'live' and its duration the movie's. NULL everywhere else.
ALTER TABLE photos ADD COLUMN poster_time REAL CHECK (poster_time IS NULL OR poster_time >= 0);
ALTER TABLE photos ADD COLUMN content_identifier TEXT;
ALTER TABLE photos ADD COLUMN live_photo_id INTEGER;

-- Pairing looks movies up by identifier and finds the movies of a photo.
CREATE INDEX photos_content_identifier ON photos (content_identifier) WHERE content_identifier IS NOT NULL;
CREATE INDEX photos_live_photo ON photos (live_photo_id) WHERE live_photo_id IS NOT NULL;
-- Pairing walks the videos and the Live Photos, never the whole table.
CREATE INDEX photos_media ON photos (media) WHERE media <> 'photo';

-- The grid is now the 'ok' rows that are not a Live Photo's motion: the covering index and the
-- triggers of 0003, 0006 and 0007 are made again with that condition (their counts are unchanged:
-- no row is paired yet).
DROP INDEX photos_grid;
CREATE INDEX photos_grid ON photos (sort_key, path_bytes, display_width, display_height)
    WHERE status = 'ok' AND live_photo_id IS NULL;

DROP TRIGGER grid_size_after_insert;
DROP TRIGGER grid_size_after_delete;
DROP TRIGGER grid_size_after_status_change;
CREATE TRIGGER grid_size_after_insert AFTER INSERT ON photos WHEN NEW.status = 'ok' AND NEW.live_photo_id IS NULL
BEGIN
    UPDATE grid_size SET photos = photos + 1 WHERE id = 1;
END;
CREATE TRIGGER grid_size_after_delete AFTER DELETE ON photos WHEN OLD.status = 'ok' AND OLD.live_photo_id IS NULL
BEGIN
    UPDATE grid_size SET photos = photos - 1 WHERE id = 1;
END;
CREATE TRIGGER grid_size_after_update AFTER UPDATE OF status, live_photo_id ON photos
WHEN (OLD.status = 'ok' AND OLD.live_photo_id IS NULL) <> (NEW.status = 'ok' AND NEW.live_photo_id IS NULL)
BEGIN
    UPDATE grid_size SET photos = photos + (NEW.status = 'ok' AND NEW.live_photo_id IS NULL)
                                         - (OLD.status = 'ok' AND OLD.live_photo_id IS NULL) WHERE id = 1;
END;

DROP TRIGGER grid_days_after_insert;
DROP TRIGGER grid_days_after_delete;
DROP TRIGGER grid_days_after_update;
CREATE TRIGGER grid_days_after_insert AFTER INSERT ON photos WHEN NEW.status = 'ok' AND NEW.live_photo_id IS NULL
BEGIN
    INSERT INTO grid_days (day, photos) VALUES (substr(NEW.sort_key, 1, 10), 1)
        ON CONFLICT (day) DO UPDATE SET photos = photos + 1;
END;
CREATE TRIGGER grid_days_after_delete AFTER DELETE ON photos WHEN OLD.status = 'ok' AND OLD.live_photo_id IS NULL
BEGIN
    UPDATE grid_days SET photos = photos - 1 WHERE day = substr(OLD.sort_key, 1, 10);
    DELETE FROM grid_days WHERE day = substr(OLD.sort_key, 1, 10) AND photos = 0;
END;
CREATE TRIGGER grid_days_after_update AFTER UPDATE OF status, sort_key, live_photo_id ON photos
WHEN ((OLD.status = 'ok' AND OLD.live_photo_id IS NULL) OR (NEW.status = 'ok' AND NEW.live_photo_id IS NULL))
 AND ((OLD.status = 'ok' AND OLD.live_photo_id IS NULL) IS NOT (NEW.status = 'ok' AND NEW.live_photo_id IS NULL)
      OR substr(OLD.sort_key, 1, 10) IS NOT substr(NEW.sort_key, 1, 10))
BEGIN
    UPDATE grid_days SET photos = photos - 1
        WHERE OLD.status = 'ok' AND OLD.live_photo_id IS NULL AND day = substr(OLD.sort_key, 1, 10);
    DELETE FROM grid_days
        WHERE OLD.status = 'ok' AND OLD.live_photo_id IS NULL AND day = substr(OLD.sort_key, 1, 10) AND photos = 0;
    INSERT INTO grid_days (day, photos) SELECT substr(NEW.sort_key, 1, 10), 1
        WHERE NEW.status = 'ok' AND NEW.live_photo_id IS NULL
        ON CONFLICT (day) DO UPDATE SET photos = photos + 1;
END;

-- What a cell shows now also includes its kind, duration and poster time, and whether it is a motion.
DROP TRIGGER grid_version_after_update;
CREATE TRIGGER grid_version_after_update
AFTER UPDATE OF status, sort_key, path_bytes, path, display_width, display_height, content_key,
                media, duration, poster_time, live_photo_id ON photos
BEGIN
    UPDATE grid_version SET version = version + 1 WHERE id = 1;
END;

-- Videos indexed before this version are read again by the next run, for their poster time and
-- identifier (a size and mtime that match no file make a row "changed"; its id is kept).
UPDATE photos SET mtime_ns = -1 WHERE media = 'video';
