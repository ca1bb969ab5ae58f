-- 0011_motion_photos (PostgreSQL): Android Motion Photos (../0011_motion_photos.sql).
ALTER TABLE photos ADD COLUMN motion_offset BIGINT CHECK (motion_offset IS NULL OR motion_offset >= 0);
ALTER TABLE photos ADD COLUMN motion_length BIGINT CHECK (motion_length IS NULL OR motion_length > 0);
