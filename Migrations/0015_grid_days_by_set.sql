-- 0015_grid_days_by_set: nothing to do in SQLite. In PostgreSQL (postgres/0015_grid_days_by_set.sql) the
-- statement triggers keep the per-day counts with set statements; SQLite's row triggers (0010) change one
-- day per row already. Kept so that both dialects' ledgers name the same migrations.
SELECT 1;
