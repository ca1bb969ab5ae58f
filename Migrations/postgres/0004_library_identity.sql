-- 0004_library_identity (PostgreSQL): a stable identity for each library (what a thumbnail folder records
-- as its owner): 32 lowercase hex digits, 128 random bits.
CREATE TABLE library_identity (
    id      BIGINT  PRIMARY KEY CHECK (id = 1),
    uuid    TEXT    NOT NULL CHECK (length(uuid) = 32)
);
INSERT INTO library_identity (id, uuid) VALUES (1, replace(gen_random_uuid()::text, '-', ''));
