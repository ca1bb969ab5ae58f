-- 0008_photo_format (PostgreSQL): the format each photo was read as (../0008_photo_format.sql).
ALTER TABLE photos ADD COLUMN format TEXT NOT NULL DEFAULT 'jpeg';
