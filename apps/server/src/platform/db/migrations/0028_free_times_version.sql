ALTER TABLE "professionals" ADD COLUMN "schedule_version" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- professionals.schedule_version goes up in the transaction of every change of an input of a professional's free
-- times, whichever code makes it (docs/decisions/039): her appointments (a start, an end, a status, the owner), her
-- hours, zone, duration and Disponível, her booking page, her Google connection's busy-times state and the busy
-- times read from Google. Triggers, not calls from each writer: deletions that cascade (a patient's data removed, a
-- practice deleted), restores and seeds write these rows too. Statement triggers: one bump per statement however
-- many rows it touches (a Google read replaces hundreds of busy times). A portable restore sets clinora.restoring in
-- its transaction: the rows come back exactly as saved, versions included.
CREATE OR REPLACE FUNCTION schedule_version_bump_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('clinora.restoring', true) = 'on' THEN RETURN NULL; END IF;
  UPDATE professionals SET schedule_version = schedule_version + 1 WHERE id IN (SELECT professional_id FROM new_rows);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION schedule_version_bump_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('clinora.restoring', true) = 'on' THEN RETURN NULL; END IF;
  UPDATE professionals SET schedule_version = schedule_version + 1 WHERE id IN (SELECT professional_id FROM old_rows);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION schedule_version_bump_both() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('clinora.restoring', true) = 'on' THEN RETURN NULL; END IF;
  UPDATE professionals SET schedule_version = schedule_version + 1
  WHERE id IN (SELECT professional_id FROM new_rows UNION SELECT professional_id FROM old_rows);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An appointment's notes, type, reminders' marks or patient's answer change no free time: only these columns do.
CREATE OR REPLACE FUNCTION schedule_version_bump_appointments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('clinora.restoring', true) = 'on' THEN RETURN NULL; END IF;
  UPDATE professionals SET schedule_version = schedule_version + 1
  WHERE id IN (
    SELECT p FROM new_rows n JOIN old_rows o ON o.id = n.id, LATERAL (VALUES (n.professional_id), (o.professional_id)) AS v(p)
    WHERE (n.professional_id, n.starts_at, n.ends_at, n.status) IS DISTINCT FROM (o.professional_id, o.starts_at, o.ends_at, o.status)
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The token refreshes and calendar-sync marks of a connection change no free time: only its busy-times state does.
CREATE OR REPLACE FUNCTION schedule_version_bump_calendar_connections() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('clinora.restoring', true) = 'on' THEN RETURN NULL; END IF;
  UPDATE professionals SET schedule_version = schedule_version + 1
  WHERE id IN (
    SELECT p FROM new_rows n JOIN old_rows o ON o.id = n.id, LATERAL (VALUES (n.professional_id), (o.professional_id)) AS v(p)
    WHERE (n.professional_id, n.status, n.busy_calendar_ids, n.busy_fetched_at, n.busy_error)
      IS DISTINCT FROM (o.professional_id, o.status, o.busy_calendar_ids, o.busy_fetched_at, o.busy_error)
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Her own row: the hours, zone, duration and Disponível. A bump written by the triggers above is left as it is.
CREATE OR REPLACE FUNCTION schedule_version_bump_professional() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('clinora.restoring', true) = 'on' THEN RETURN NEW; END IF;
  IF NEW.schedule_version = OLD.schedule_version
    AND (NEW.timezone, NEW.business_days, NEW.business_start, NEW.business_end, NEW.appointment_duration, NEW.is_available)
      IS DISTINCT FROM (OLD.timezone, OLD.business_days, OLD.business_start, OLD.business_end, OLD.appointment_duration, OLD.is_available) THEN
    NEW.schedule_version := OLD.schedule_version + 1;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER professionals_schedule_version BEFORE UPDATE ON professionals FOR EACH ROW EXECUTE FUNCTION schedule_version_bump_professional();
--> statement-breakpoint
CREATE TRIGGER appointments_schedule_version_insert AFTER INSERT ON appointments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION schedule_version_bump_new();
--> statement-breakpoint
CREATE TRIGGER appointments_schedule_version_update AFTER UPDATE ON appointments REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION schedule_version_bump_appointments();
--> statement-breakpoint
CREATE TRIGGER appointments_schedule_version_delete AFTER DELETE ON appointments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION schedule_version_bump_old();
--> statement-breakpoint
CREATE TRIGGER booking_pages_schedule_version_insert AFTER INSERT ON booking_pages REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION schedule_version_bump_new();
--> statement-breakpoint
CREATE TRIGGER booking_pages_schedule_version_update AFTER UPDATE ON booking_pages REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION schedule_version_bump_both();
--> statement-breakpoint
CREATE TRIGGER booking_pages_schedule_version_delete AFTER DELETE ON booking_pages REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION schedule_version_bump_old();
--> statement-breakpoint
CREATE TRIGGER calendar_connections_schedule_version_insert AFTER INSERT ON calendar_connections REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION schedule_version_bump_new();
--> statement-breakpoint
CREATE TRIGGER calendar_connections_schedule_version_update AFTER UPDATE ON calendar_connections REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION schedule_version_bump_calendar_connections();
--> statement-breakpoint
CREATE TRIGGER calendar_connections_schedule_version_delete AFTER DELETE ON calendar_connections REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION schedule_version_bump_old();
--> statement-breakpoint
CREATE TRIGGER calendar_busy_intervals_schedule_version_insert AFTER INSERT ON calendar_busy_intervals REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION schedule_version_bump_new();
--> statement-breakpoint
CREATE TRIGGER calendar_busy_intervals_schedule_version_update AFTER UPDATE ON calendar_busy_intervals REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION schedule_version_bump_both();
--> statement-breakpoint
CREATE TRIGGER calendar_busy_intervals_schedule_version_delete AFTER DELETE ON calendar_busy_intervals REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION schedule_version_bump_old();
