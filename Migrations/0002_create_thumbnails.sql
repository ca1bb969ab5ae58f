-- 0002_create_thumbnails: the thumbnails made for each photo (photogrid thumbs).
--
-- A thumbnail file lives in a thumbnail folder (photogrid thumbs --out; default: "thumbnails" next to
-- the database) at '<variant>/<content key>.jpg'. This table says, per photo and variant, which file
-- that is, what it measures, and what it was made from; or why none could be made.
--
-- Staleness: a row is current while the photo row still has the content key, file size and mtime
-- recorded here and the file exists with byte_size bytes. A photo that changed (re-indexed with a new
-- size, mtime or content key) gets a new file; a file that is gone or has another size (a power loss
-- after the rename) is made again.

CREATE TABLE thumbnails (
    photo_id            INTEGER NOT NULL REFERENCES photos (id) ON DELETE CASCADE,
    -- 'grid-<N>' (the centre square of the oriented photo, N×N px) or 'detail-<N>' (fit within N px).
    variant             TEXT    NOT NULL CHECK (variant GLOB 'grid-[1-9]*' OR variant GLOB 'detail-[1-9]*'),
    -- 'ok': the file was written; 'error': it could not be made (error says why).
    status              TEXT    NOT NULL CHECK (status IN ('ok', 'error')),
    -- ok rows: the file relative to the thumbnail folder, its pixel size (as displayed) and byte size.
    path                TEXT    CHECK (status <> 'ok' OR path IS NOT NULL),
    pixel_width         INTEGER CHECK (status <> 'ok' OR pixel_width > 0),
    pixel_height        INTEGER CHECK (status <> 'ok' OR pixel_height > 0),
    byte_size           INTEGER CHECK (status <> 'ok' OR byte_size > 0),
    error               TEXT    CHECK (status <> 'error' OR error IS NOT NULL),
    -- The photo as it was when the thumbnail was made: content key, file size and mtime (ns).
    source_content_key  TEXT,
    source_size         INTEGER NOT NULL,
    source_mtime_ns     INTEGER NOT NULL,
    -- When it was made (UTC 'YYYY-MM-DDTHH:MM:SSZ').
    created_at          TEXT    NOT NULL,
    PRIMARY KEY (photo_id, variant)
) STRICT, WITHOUT ROWID;
