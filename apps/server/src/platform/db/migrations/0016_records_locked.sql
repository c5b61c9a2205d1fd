-- A finalised prontuário entry is never changed nor deleted (Lei 13.787/2018; docs/decisions/034). The repository
-- refuses first; this trigger refuses a raw UPDATE or DELETE too, on PGlite and PostgreSQL alike. The one way to
-- delete a finalised entry is the elimination of a record past its retention, which sets
-- `clinora.record_elimination` to 'on' for its own transaction only (set_config(..., true)).
CREATE OR REPLACE FUNCTION record_entries_locked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'finalised' THEN
    IF TG_OP = 'DELETE' AND coalesce(current_setting('clinora.record_elimination', true), '') = 'on' THEN
      RETURN OLD;
    END IF;
    RAISE EXCEPTION 'record entry % is finalised and cannot be changed (%)', OLD.id, TG_OP
      USING ERRCODE = 'check_violation', HINT = 'Corrections are addenda (a new entry with addendum_of).';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER record_entries_locked BEFORE UPDATE OR DELETE ON record_entries FOR EACH ROW EXECUTE FUNCTION record_entries_locked();
