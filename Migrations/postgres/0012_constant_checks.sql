-- 0012_constant_checks (PostgreSQL): nothing to change. SQLite's CHECKs on lists of values were rewritten
-- as comparisons (../0012_constant_checks.sql) because SQLite builds a temporary table for such a list on
-- every row written; PostgreSQL compares a constant list directly.
SELECT 1;
