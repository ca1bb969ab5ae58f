-- 0016_picture_signatures: what duplicate detection keeps of each picture, by content key (a photo's
-- size and the digest of its first and last bytes: a file changed gets a new key, so a new signature).
-- `picture_signatures` is narrow — the 64-bit perceptual hash, or `error` when no signature could be made
-- (damaged, undecodable: not tried again until the file changes) — so the candidate search reads a
-- million of them in one pass; `picture_signature_bytes` holds the Duplicates module's PictureSignature
-- bytes (a version byte first, ~4 KB), read only for the candidates.
CREATE TABLE picture_signatures (
    content_key  TEXT PRIMARY KEY NOT NULL,
    hash         INTEGER,
    error        TEXT,
    created_at   TEXT NOT NULL,
    CHECK ((hash IS NULL) <> (error IS NULL))
) WITHOUT ROWID;

CREATE TABLE picture_signature_bytes (
    content_key  TEXT PRIMARY KEY NOT NULL REFERENCES picture_signatures (content_key) ON DELETE CASCADE,
    signature    BLOB NOT NULL
);
