-- 0009_media_kind (PostgreSQL): videos beside photos (../0009_media_kind.sql).
ALTER TABLE photos ADD COLUMN media TEXT NOT NULL DEFAULT 'photo' CHECK (media IN ('photo', 'video', 'live'));
ALTER TABLE photos ADD COLUMN duration DOUBLE PRECISION CHECK (duration IS NULL OR duration >= 0);
ALTER TABLE photos ADD COLUMN codec TEXT;
