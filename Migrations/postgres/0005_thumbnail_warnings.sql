-- 0005_thumbnail_warnings (PostgreSQL): what the decoder warned about when a thumbnail was made from
-- damaged data (../0005_thumbnail_warnings.sql).
ALTER TABLE thumbnails ADD COLUMN warning TEXT CHECK (warning IS NULL OR status = 'ok');
