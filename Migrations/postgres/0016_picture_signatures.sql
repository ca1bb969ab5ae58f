-- 0016_picture_signatures (PostgreSQL): what duplicate detection keeps of each picture, by content key
-- (../0016_picture_signatures.sql).
CREATE TABLE picture_signatures (
    content_key  TEXT PRIMARY KEY,
    hash         BIGINT,
    error        TEXT,
    created_at   TEXT NOT NULL,
    CHECK ((hash IS NULL) <> (error IS NULL))
);

CREATE TABLE picture_signature_bytes (
    content_key  TEXT PRIMARY KEY REFERENCES picture_signatures (content_key) ON DELETE CASCADE,
    signature    BYTEA NOT NULL
);
