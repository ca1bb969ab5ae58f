-- 0018_grid_days_fillfactor (PostgreSQL): grid_days' pages are filled to a tenth, so that the new version
-- of a day's count each index batch writes (0015) fits on the same page: a heap-only update, pruned on
-- the next visit, with no new index entry. Packed pages made every update a new index entry: after a
-- hundred batches of a thousand days, each batch's ON CONFLICT walked ~100 dead versions a day (32 ms of
-- a 1,000-row insert's 63 ms, EXPLAIN ANALYZE). A row per day keeps the table small at any fill.
ALTER TABLE grid_days SET (fillfactor = 10);
-- Rewritten now at that fill (VACUUM FULL cannot run in the migration's transaction; CLUSTER can).
CLUSTER grid_days USING grid_days_pkey;
