-- 0001_create_photos: the photo index.
--
-- Compiled into the PhotoLibrary module at build time (Plugins/EmbedMigrations); the runner applies
-- each file of Migrations/ once, in file-name order, inside one transaction, and records its name in
-- schema_migrations. Never edit a migration that has shipped: add a new file.
--
-- Conventions: STRICT tables (SQLite checks the declared types); times of index runs are UTC text
-- 'YYYY-MM-DDTHH:MM:SSZ'; file modification times are integer nanoseconds since the Unix epoch;
-- relative paths are stored as their raw bytes, because a POSIX file name is bytes, not text.

-- One row per JPEG candidate ever found under the library's folder. A row keeps its id for life:
-- across rescans, edits of the file (re-probed in place) and moves (detected by content key).
CREATE TABLE photos (
    id              INTEGER PRIMARY KEY,
    -- Path relative to the library folder, exactly as the file system spells it (may be non-UTF-8).
    path_bytes      BLOB    NOT NULL UNIQUE,
    -- The same path for display: UTF-8 decoded, invalid bytes shown as U+FFFD (not unique).
    path            TEXT    NOT NULL,
    -- lstat size and modification time: a rescan re-probes a file only when one of them changed.
    file_size       INTEGER NOT NULL CHECK (file_size >= 0),
    mtime_ns        INTEGER NOT NULL,
    -- Quick content key '<file size>-<digest of the first bytes, 16 hex digits>' (the digest is the JPEG
    -- probe's prefixDigest): a new path whose key equals a vanished row's is a move. NULL when the file
    -- could not be read as a JPEG.
    content_key     TEXT,
    -- Header facts (NULL on error rows). Stored size is the SOF's; display size is the stored size
    -- swapped for EXIF orientations 5-8, i.e. what the grid crops and fits.
    stored_width    INTEGER CHECK (stored_width >= 0),
    stored_height   INTEGER CHECK (stored_height >= 0),
    display_width   INTEGER CHECK (display_width >= 0),
    display_height  INTEGER CHECK (display_height >= 0),
    orientation     INTEGER CHECK (orientation BETWEEN 1 AND 8),
    components      INTEGER,
    color_space     TEXT    CHECK (color_space IN ('grayscale', 'rgb', 'ycbcr', 'cmyk', 'ycck', 'unknown')),
    progressive     INTEGER CHECK (progressive IN (0, 1)),
    -- EXIF DateTimeOriginal, local time as written by the camera: 'YYYY-MM-DDTHH:MM:SS'.
    taken_at        TEXT,
    -- Grid order is (sort_key, path_bytes): taken_at when known, else the file's mtime as UTC in the
    -- same 'YYYY-MM-DDTHH:MM:SS' form.
    sort_key        TEXT    NOT NULL,
    -- 'ok': header read; 'error': the file is a candidate but not a readable JPEG (error says why);
    -- 'missing': the file is gone (the row and its id are kept, a later move can revive it).
    status          TEXT    NOT NULL CHECK (status IN ('ok', 'error', 'missing')),
    error           TEXT    CHECK (status <> 'error' OR error IS NOT NULL),
    -- Start of the index run that created the row, and of the last run that wrote it. A rescan does
    -- not rewrite unchanged rows: a row that is not missing was found by the last completed run, so
    -- its true last-seen time is library.last_indexed_at; a row marked missing gets the start of the
    -- last completed run that found it.
    first_seen      TEXT    NOT NULL,
    last_seen       TEXT    NOT NULL
) STRICT;

-- The grid: every layout query walks this index.
CREATE INDEX photos_grid_order ON photos (sort_key, path_bytes);
-- Move detection looks up vanished rows by content key.
CREATE INDEX photos_content_key ON photos (content_key) WHERE content_key IS NOT NULL;

-- Files under the folder that are not JPEG candidates (no .jpg/.jpeg name and no FF D8 FF start),
-- remembered with their size and mtime so that a rescan need not open them again to know.
CREATE TABLE non_photos (
    path_bytes      BLOB    PRIMARY KEY,
    file_size       INTEGER NOT NULL,
    mtime_ns        INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

-- The folder this database indexes (a single row). Paths in photos are relative to it; indexing
-- another folder into the same database re-roots it (same relative paths stay the same rows).
CREATE TABLE library (
    id              INTEGER PRIMARY KEY CHECK (id = 1),
    -- Absolute path of the folder (symlinks resolved), raw bytes and display text.
    root_bytes      BLOB    NOT NULL,
    root            TEXT    NOT NULL,
    -- Start of the last index run that completed.
    last_indexed_at TEXT    NOT NULL
) STRICT;
