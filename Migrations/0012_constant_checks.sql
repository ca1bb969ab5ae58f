-- 0012_constant_checks: the photos table's CHECKs on a list of three or more values are written as
-- comparisons joined by OR, which accept exactly the same values (NULL included).
--
-- SQLite evaluates `x IN ('a', 'b', 'c')` in a CHECK by filling a temporary b-tree with the list on every
-- row written (lists of one or two values are compared directly): three such CHECKs (status,
-- color_space, media) were the largest part of an index run's insert, ~30,000 instructions a row each
-- (callgrind, a fresh index of 1,000 camera JPEGs: 350.7 M instructions before this, docs/benchmarks.md).
--
-- The table's definition is edited in place, as sqlite.org/lang_altertable.html ("Making Other Kinds Of
-- Table Schema Changes") allows for a change that leaves the stored rows as they are: every row already
-- satisfies the same constraint. RESET makes this connection read the new definition at once; the
-- scratch table moves the schema version on, so every other connection reads it again too.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema SET sql = replace(replace(replace(sql,
    'CHECK (color_space IN (''grayscale'', ''rgb'', ''ycbcr'', ''cmyk'', ''ycck'', ''unknown''))',
    'CHECK (color_space = ''grayscale'' OR color_space = ''rgb'' OR color_space = ''ycbcr'' OR color_space = ''cmyk'' OR color_space = ''ycck'' OR color_space = ''unknown'')'),
    'CHECK (status IN (''ok'', ''error'', ''missing''))',
    'CHECK (status = ''ok'' OR status = ''error'' OR status = ''missing'')'),
    'CHECK (media IN (''photo'', ''video'', ''live''))',
    'CHECK (media = ''photo'' OR media = ''video'' OR media = ''live'')')
WHERE type = 'table' AND name = 'photos';
PRAGMA writable_schema = RESET;
CREATE TABLE schema_version_step (x INTEGER);
DROP TABLE schema_version_step;
