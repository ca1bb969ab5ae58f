-- 0003_grid_index (PostgreSQL): the grid's covering index. The grid's size is not a table of its own
-- here: it is the sum of grid_days (0006), kept by the triggers of 0010.
CREATE INDEX photos_grid ON photos (sort_key, path_bytes, display_width, display_height) WHERE status = 'ok';
