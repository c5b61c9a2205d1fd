-- A statement that inserts jobs notifies the channel `jobs` when its transaction commits (docs/decisions/036): every
-- server process LISTENs on it and wakes its worker at once instead of at its next poll. Once per statement, not
-- per row; PostgreSQL folds equal notifications of one transaction into one. Harmless on the embedded database,
-- where nothing listens.
CREATE OR REPLACE FUNCTION jobs_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('jobs', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER jobs_notify AFTER INSERT ON jobs FOR EACH STATEMENT EXECUTE FUNCTION jobs_notify();
