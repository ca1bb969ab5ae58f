-- 0007_grid_version (PostgreSQL): a counter that changes whenever the grid may have. Kept by the
-- statement triggers of 0010, which also announce each change on the channel photogrid_grid (NOTIFY):
-- serve nodes sharing the library learn of it there.
CREATE TABLE grid_version (
    id      BIGINT  PRIMARY KEY CHECK (id = 1),
    version BIGINT  NOT NULL
);
INSERT INTO grid_version (id, version) VALUES (1, 0);
