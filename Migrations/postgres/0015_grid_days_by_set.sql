-- 0015_grid_days_by_set (PostgreSQL): the grid triggers (0010) keep the per-day counts with a few set
-- statements per changed statement instead of three statements per day it touched. An index batch of a
-- thousand camera photos spans hundreds of days: 0010's loop spent ~53 ms of a 1,000-row insert's ~65 ms
-- in the trigger (EXPLAIN ANALYZE), most of an index run's time in PostgreSQL. Counts, version and
-- announcements are as before.
CREATE OR REPLACE FUNCTION photogrid_grid_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    changed boolean;
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO grid_days AS g (day, photos)
            SELECT substr(sort_key, 1, 10), count(*) FROM new_rows WHERE status = 'ok' AND live_photo_id IS NULL GROUP BY 1
            ON CONFLICT (day) DO UPDATE SET photos = g.photos + excluded.photos;
        changed := EXISTS (SELECT 1 FROM new_rows);
    ELSIF TG_OP = 'DELETE' THEN
        UPDATE grid_days AS g SET photos = g.photos - d.n
            FROM (SELECT substr(sort_key, 1, 10) AS day, count(*) AS n FROM old_rows
                  WHERE status = 'ok' AND live_photo_id IS NULL GROUP BY 1) AS d
            WHERE g.day = d.day;
        DELETE FROM grid_days AS g USING (SELECT DISTINCT substr(sort_key, 1, 10) AS day FROM old_rows) AS d
            WHERE g.day = d.day AND g.photos = 0;
        changed := EXISTS (SELECT 1 FROM old_rows);
    ELSE
        -- Days gaining photos are added to (made when new), days losing them subtracted from: two
        -- disjoint sets, so one snapshot serves both; then the days emptied go.
        WITH delta AS (
            SELECT day, sum(n)::bigint AS n FROM (
                SELECT substr(sort_key, 1, 10) AS day, -count(*) AS n FROM old_rows
                WHERE status = 'ok' AND live_photo_id IS NULL GROUP BY 1
                UNION ALL
                SELECT substr(sort_key, 1, 10), count(*) FROM new_rows
                WHERE status = 'ok' AND live_photo_id IS NULL GROUP BY 1) AS changes
            GROUP BY day HAVING sum(n) <> 0),
        gained AS (
            INSERT INTO grid_days AS g (day, photos) SELECT day, n FROM delta WHERE n > 0
            ON CONFLICT (day) DO UPDATE SET photos = g.photos + excluded.photos
            RETURNING 1)
        UPDATE grid_days AS g SET photos = g.photos + delta.n FROM delta WHERE g.day = delta.day AND delta.n < 0;
        DELETE FROM grid_days AS g USING (SELECT DISTINCT substr(sort_key, 1, 10) AS day FROM old_rows) AS d
            WHERE g.day = d.day AND g.photos = 0;
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
