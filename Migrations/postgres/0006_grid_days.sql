-- 0006_grid_days (PostgreSQL): the grid's photos counted per day (../0006_grid_days.sql says how a grid
-- position is found with them). Kept by the statement triggers of 0010.
CREATE TABLE grid_days (
    day     TEXT    COLLATE "C" PRIMARY KEY,
    photos  BIGINT  NOT NULL CHECK (photos >= 0)
);
