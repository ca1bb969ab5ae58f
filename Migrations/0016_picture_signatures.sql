-- 0016_picture_signatures: what duplicate detection keeps of each picture, by content key (a photo's
-- size and the digest of its first and last bytes: a file changed gets a new key, so a new signature).
-- `hash` is the signature's 64-bit perceptual hash (read alone to find candidates), `signature` the
-- Duplicates module's PictureSignature bytes (a version byte first); both NULL, with `error`, when none
-- could be made (damaged, undecodable): the file is not tried again until it changes.
CREATE TABLE picture_signatures (
    content_key  TEXT PRIMARY KEY NOT NULL,
    hash         INTEGER,
    signature    BLOB,
    error        TEXT,
    created_at   TEXT NOT NULL,
    CHECK ((signature IS NULL) <> (error IS NULL) AND (hash IS NULL) = (signature IS NULL))
) WITHOUT ROWID;
