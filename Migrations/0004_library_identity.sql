-- 0005_library_identity: a stable identity for each library.
--
-- A thumbnail folder belongs to one library: it records this id in its owner file
-- (.photogrid-library), and a library refuses a folder that names another one, so two libraries
-- never remove each other's thumbnails.
CREATE TABLE library_identity (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    -- 32 lowercase hex digits (128 random bits), set once when the migration runs.
    uuid    TEXT    NOT NULL CHECK (length(uuid) = 32)
) STRICT;
INSERT INTO library_identity (id, uuid) VALUES (1, lower(hex(randomblob(16))));

-- The file format's mark in the SQLite header (bytes 68-71, 'PGrd'): a file is recognised as a
-- photogrid library before anything is written to it. New libraries get it when they are created.
PRAGMA application_id = 1346859620;
