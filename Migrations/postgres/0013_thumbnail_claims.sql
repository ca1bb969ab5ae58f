-- 0013_thumbnail_claims (PostgreSQL): thumbnail work claimed by a process (../0013_thumbnail_claims.sql).
-- Workers claim photos with SELECT … FOR UPDATE SKIP LOCKED: two claiming at once skip each other's rows.
CREATE TABLE thumbnail_claims (
    photo_id    BIGINT  PRIMARY KEY REFERENCES photos (id) ON DELETE CASCADE,
    worker      TEXT    NOT NULL,
    expires_at  BIGINT  NOT NULL
);
