-- 0006_thumbnail_warnings: what libjpeg warned about when a thumbnail was made from damaged data.
--
-- A photo whose data is damaged in a way libjpeg decodes anyway (cut short by an interrupted download,
-- no end-of-image marker, a few corrupt bytes) still gets its thumbnail: the pixels libjpeg made of it,
-- a truncated file's missing part grey, as a browser shows it. This column says what was wrong, in one
-- line ("truncated JPEG: the data ends before the image is complete (the rest is grey)"); NULL when the
-- data was clean. Only 'ok' rows have one.

ALTER TABLE thumbnails ADD COLUMN warning TEXT CHECK (warning IS NULL OR status = 'ok');
