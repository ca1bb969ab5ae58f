-- The format each photo was read as: jpeg, png, webp, heic or avif — by its first bytes (for an error
-- row whose bytes match no format, by its name). Every row written before this version is a JPEG.
ALTER TABLE photos ADD COLUMN format TEXT NOT NULL DEFAULT 'jpeg';
-- Files remembered as not being JPEGs are looked at again by the next index run: some are PNG, WebP
-- or HEIF, which are read from now on.
DELETE FROM non_photos;
