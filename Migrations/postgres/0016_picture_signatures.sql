-- 0016_picture_signatures (PostgreSQL): what duplicate detection keeps of each picture, by content key
-- (../0016_picture_signatures.sql).
CREATE TABLE picture_signatures (
    content_key  TEXT PRIMARY KEY,
    hash         BIGINT,
    signature    BYTEA,
    error        TEXT,
    created_at   TEXT NOT NULL,
    CHECK ((signature IS NULL) <> (error IS NULL) AND (hash IS NULL) = (signature IS NULL))
);
