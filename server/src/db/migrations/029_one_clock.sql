-- One clock for the server and its SQL (docs/architecture.md, "One clock"): the real time plus an offset
-- that tests and the sandbox's operators move (`npm run ops -- clock …`). Outside sandbox the offset is 0
-- and the server refuses to start otherwise (clock.ts). Every rule's SQL reads app_now(), every default too.
CREATE TABLE clock_offset (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  offset_ms bigint NOT NULL DEFAULT 0
);
INSERT INTO clock_offset DEFAULT VALUES;

CREATE FUNCTION app_now() RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT now() + (SELECT offset_ms FROM clock_offset) * interval '1 millisecond'
$$;

-- Rows are written at the clock's time: the columns that defaulted to the database's now() take app_now().
DO $$
DECLARE
  c record;
BEGIN
  FOR c IN
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND column_default = 'now()'
      AND table_name NOT IN ('schema_migrations', 'running_sites')
  LOOP
    EXECUTE format('ALTER TABLE %I ALTER COLUMN %I SET DEFAULT app_now()', c.table_name, c.column_name);
  END LOOP;
END $$;
