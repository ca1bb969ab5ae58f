-- 0002_create_thumbnails (PostgreSQL): the thumbnails made for each photo; ../0002_create_thumbnails.sql
-- says what each column holds.
CREATE TABLE thumbnails (
    photo_id            BIGINT  NOT NULL REFERENCES photos (id) ON DELETE CASCADE,
    variant             TEXT    NOT NULL CHECK (variant ~ '^(grid|detail)-[1-9]'),
    status              TEXT    NOT NULL CHECK (status IN ('ok', 'error')),
    path                TEXT    CHECK (status <> 'ok' OR path IS NOT NULL),
    pixel_width         BIGINT  CHECK (status <> 'ok' OR pixel_width > 0),
    pixel_height        BIGINT  CHECK (status <> 'ok' OR pixel_height > 0),
    byte_size           BIGINT  CHECK (status <> 'ok' OR byte_size > 0),
    error               TEXT    CHECK (status <> 'error' OR error IS NOT NULL),
    source_content_key  TEXT,
    source_size         BIGINT  NOT NULL,
    source_mtime_ns     BIGINT  NOT NULL,
    created_at          TEXT    NOT NULL,
    PRIMARY KEY (photo_id, variant)
);
