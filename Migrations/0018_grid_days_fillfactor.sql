-- 0018_grid_days_fillfactor: nothing to do in SQLite, which updates a row in place. In PostgreSQL
-- (postgres/0018_grid_days_fillfactor.sql) each update of a day's count writes a new row version. Kept so
-- that both dialects' ledgers name the same migrations.
SELECT 1;
