-- The notification of migration 0020 now names what was inserted (docs/decisions/036): the distinct job types of the
-- statement's due rows, separated by commas, so a process wakes only the worker pool they run in (a reply or a send
-- makes no claim of CPU work). Rows due more than 5 s from now (a reply's send, which the reply job runs itself and
-- which waits 15 s in the queue as its retry path) wake nobody: the polls find them when they fall due; the margin
-- covers an application clock a little ahead of the database's and a transaction's now(), taken at its start.
-- Empty when the statement inserted no row (an ON CONFLICT that re-armed one): the worker then wakes every pool.
-- Equal payloads of one transaction are still folded into one notification.
CREATE OR REPLACE FUNCTION jobs_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  due_types text;
BEGIN
  SELECT string_agg(DISTINCT type, ',') INTO due_types FROM new_jobs WHERE run_at <= now() + interval '5 seconds';
  IF due_types IS NULL AND EXISTS (SELECT 1 FROM new_jobs) THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('jobs', coalesce(due_types, ''));
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER jobs_notify ON jobs;
--> statement-breakpoint
CREATE TRIGGER jobs_notify AFTER INSERT ON jobs REFERENCING NEW TABLE AS new_jobs FOR EACH STATEMENT EXECUTE FUNCTION jobs_notify();
