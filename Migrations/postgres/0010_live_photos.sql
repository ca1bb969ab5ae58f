-- 0010_live_photos (PostgreSQL): Live Photos and poster times (../0010_live_photos.sql says what the
-- columns hold), and the triggers that keep the grid's counts and version.
ALTER TABLE photos ADD COLUMN poster_time DOUBLE PRECISION CHECK (poster_time IS NULL OR poster_time >= 0);
ALTER TABLE photos ADD COLUMN content_identifier TEXT;
ALTER TABLE photos ADD COLUMN live_photo_id BIGINT;

CREATE INDEX photos_content_identifier ON photos (content_identifier) WHERE content_identifier IS NOT NULL;
CREATE INDEX photos_live_photo ON photos (live_photo_id) WHERE live_photo_id IS NOT NULL;
CREATE INDEX photos_media ON photos (media) WHERE media <> 'photo';

-- The grid is the 'ok' rows that are not a Live Photo's motion.
DROP INDEX photos_grid;
CREATE INDEX photos_grid ON photos (sort_key, path_bytes, display_width, display_height)
    WHERE status = 'ok' AND live_photo_id IS NULL;

-- Dialect: SQLite's row triggers (0003, 0006, 0007, remade in 0010) become statement triggers over
-- transition tables here: an index batch of a thousand rows updates each touched day and the version
-- once, not a thousand times (a row updated a thousand times in one transaction leaves a thousand dead
-- versions of it in PostgreSQL). The version changes only when a statement changed what the grid
-- shows, and each change is announced on photogrid_grid (delivered at commit, once per transaction).

-- Adds n (positive or negative) to day's count; a day whose count reaches 0 goes.
CREATE FUNCTION photogrid_grid_days_add(d TEXT, n BIGINT) RETURNS void LANGUAGE sql AS $$
    INSERT INTO grid_days (day, photos) VALUES (d, 0) ON CONFLICT (day) DO NOTHING;
    UPDATE grid_days SET photos = photos + n WHERE day = d;
    DELETE FROM grid_days WHERE day = d AND photos = 0;
$$;

CREATE FUNCTION photogrid_grid_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    r record;
    changed boolean;
BEGIN
    IF TG_OP = 'INSERT' THEN
        FOR r IN SELECT substr(sort_key, 1, 10) AS day, count(*) AS n FROM new_rows
                 WHERE status = 'ok' AND live_photo_id IS NULL GROUP BY 1 LOOP
            PERFORM photogrid_grid_days_add(r.day, r.n);
        END LOOP;
        changed := EXISTS (SELECT 1 FROM new_rows);
    ELSIF TG_OP = 'DELETE' THEN
        FOR r IN SELECT substr(sort_key, 1, 10) AS day, count(*) AS n FROM old_rows
                 WHERE status = 'ok' AND live_photo_id IS NULL GROUP BY 1 LOOP
            PERFORM photogrid_grid_days_add(r.day, -r.n);
        END LOOP;
        changed := EXISTS (SELECT 1 FROM old_rows);
    ELSE
        FOR r IN SELECT day, sum(n)::bigint AS n FROM (
                     SELECT substr(sort_key, 1, 10) AS day, -count(*) AS n FROM old_rows
                     WHERE status = 'ok' AND live_photo_id IS NULL GROUP BY 1
                     UNION ALL
                     SELECT substr(sort_key, 1, 10), count(*) FROM new_rows
                     WHERE status = 'ok' AND live_photo_id IS NULL GROUP BY 1) AS delta
                 GROUP BY day HAVING sum(n) <> 0 LOOP
            PERFORM photogrid_grid_days_add(r.day, r.n);
        END LOOP;
        changed := EXISTS (
            SELECT 1 FROM old_rows AS o JOIN new_rows AS n ON n.id = o.id
            WHERE (o.status, o.sort_key, o.path_bytes, o.path, o.display_width, o.display_height, o.content_key,
                   o.media, o.duration, o.poster_time, o.live_photo_id)
                  IS DISTINCT FROM
                  (n.status, n.sort_key, n.path_bytes, n.path, n.display_width, n.display_height, n.content_key,
                   n.media, n.duration, n.poster_time, n.live_photo_id));
    END IF;
    IF changed THEN
        UPDATE grid_version SET version = version + 1 WHERE id = 1;
        PERFORM pg_notify('photogrid_grid', '');
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER photos_grid_after_insert AFTER INSERT ON photos REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION photogrid_grid_changed();
CREATE TRIGGER photos_grid_after_update AFTER UPDATE ON photos REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION photogrid_grid_changed();
CREATE TRIGGER photos_grid_after_delete AFTER DELETE ON photos REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION photogrid_grid_changed();
