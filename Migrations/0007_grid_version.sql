-- A counter that changes whenever the grid may have: a photo added, removed, or a change of what the
-- grid shows of it (status, order, path, display size, content key). A process that keeps the grid in
-- memory (photogrid serve) compares it to know when to read the grid again. Kept by triggers, so every
-- writer (any process, any version of photogrid from this one on) keeps it.
CREATE TABLE grid_version (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    version INTEGER NOT NULL
);
INSERT INTO grid_version (id, version) VALUES (1, 0);

CREATE TRIGGER grid_version_after_insert AFTER INSERT ON photos
BEGIN
    UPDATE grid_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER grid_version_after_delete AFTER DELETE ON photos
BEGIN
    UPDATE grid_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER grid_version_after_update
AFTER UPDATE OF status, sort_key, path_bytes, path, display_width, display_height, content_key ON photos
BEGIN
    UPDATE grid_version SET version = version + 1 WHERE id = 1;
END;
