-- A finalised prontuário entry keeps its files as they are (docs/decisions/034): the service refuses first; this
-- trigger refuses a raw UPDATE or DELETE of a file whose entry is finalised, on PGlite and PostgreSQL alike. The
-- elimination after retention (`clinora.record_elimination` on for its transaction) may delete them.
CREATE OR REPLACE FUNCTION record_attachments_locked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM record_entries e WHERE e.id = OLD.entry_id AND e.status = 'finalised') THEN
    IF TG_OP = 'DELETE' AND coalesce(current_setting('clinora.record_elimination', true), '') = 'on' THEN
      RETURN OLD;
    END IF;
    RAISE EXCEPTION 'file % of a finalised record entry cannot be changed (%)', OLD.id, TG_OP
      USING ERRCODE = 'check_violation', HINT = 'Corrections are addenda (a new entry with addendum_of).';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER record_attachments_locked BEFORE UPDATE OR DELETE ON record_attachments FOR EACH ROW EXECUTE FUNCTION record_attachments_locked();
