-- 0011_motion_photos: an Android Motion Photo (a JPEG or HEIC with an MP4 appended, announced in its XMP:
-- Google's Camera:MotionPhoto and Container directory, or the older MicroVideo form) is a Live item whose
-- motion is that byte range of its own file.
--   motion_offset  the appended MP4's first byte in the file (NULL but for a Motion Photo)
--   motion_length  its length in bytes
-- Such a row has media 'live' and the movie's duration (its mvhd's); it pairs with no other movie.
ALTER TABLE photos ADD COLUMN motion_offset INTEGER CHECK (motion_offset IS NULL OR motion_offset >= 0);
ALTER TABLE photos ADD COLUMN motion_length INTEGER CHECK (motion_length IS NULL OR motion_length > 0);

-- Photos indexed before this version are not read again for it (a million-photo library would be read
-- whole): one becomes a Motion Photo when its file changes, or in a new library.
