-- 0013_thumbnail_claims: thumbnail work claimed by a process (`photogrid worker`), so that several
-- processes on one library divide the photos instead of making the same thumbnails.
--
-- A claim names the photo, the process that took it (`host:pid`) and when its lease ends (Unix
-- seconds, the database's clock). A claim whose lease has ended is free again: a worker killed mid-job
-- loses nothing, another takes the photo after the lease. A worker that made a photo's thumbnails
-- records them and drops its claim in one transaction.
CREATE TABLE thumbnail_claims (
    photo_id    INTEGER PRIMARY KEY REFERENCES photos (id) ON DELETE CASCADE,
    worker      TEXT    NOT NULL,
    expires_at  INTEGER NOT NULL
) STRICT;
