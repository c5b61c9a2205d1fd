-- The notification of migration 0020 now names what was inserted (docs/decisions/036): the distinct job types of the
-- statement's rows, separated by commas, so a process wakes only the worker pool they run in (a reply or a send
-- makes no claim of CPU work). Empty when the statement inserted no row (an ON CONFLICT that re-armed one): the
-- worker then wakes every pool. Equal payloads of one transaction are still folded into one notification.
CREATE OR REPLACE FUNCTION jobs_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('jobs', coalesce((SELECT string_agg(DISTINCT type, ',') FROM new_jobs), ''));
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER jobs_notify ON jobs;
--> statement-breakpoint
CREATE TRIGGER jobs_notify AFTER INSERT ON jobs REFERENCING NEW TABLE AS new_jobs FOR EACH STATEMENT EXECUTE FUNCTION jobs_notify();
