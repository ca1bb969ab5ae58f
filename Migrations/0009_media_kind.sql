-- 0009_media_kind: videos are indexed beside photos (MOV and the MP4 family — .mov, .mp4, .m4v, .3gp —
-- through FFmpeg's libraries). Every row written before this version is a photo.
--   media     'photo' or 'video' ('live' comes with Live Photos)
--   duration  a video's length in seconds (NULL for photos, and when the file does not say)
--   codec     a video's codec as FFmpeg names it ('h264', 'hevc'; NULL for photos)
-- A video's display size is in display_width/display_height (the coded size with its display matrix and
-- sample aspect ratio applied), its orientation 1, its taken_at the capture date as local time.
ALTER TABLE photos ADD COLUMN media TEXT NOT NULL DEFAULT 'photo' CHECK (media IN ('photo', 'video', 'live'));
ALTER TABLE photos ADD COLUMN duration REAL CHECK (duration IS NULL OR duration >= 0);
ALTER TABLE photos ADD COLUMN codec TEXT;
-- Files remembered as not being photos are looked at again by the next index run: videos among them
-- are read from now on.
DELETE FROM non_photos;
