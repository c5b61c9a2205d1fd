DROP INDEX "patients_professional_name_idx";--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "name_sort" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Backfill: the same key as nameSortKey() (src/db/text-search.ts): trimmed, spaces squeezed, lower case, accents stripped.
UPDATE "patients" SET "name_sort" = translate(lower(regexp_replace(btrim("name"), '\s+', ' ', 'g')), 'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnaaaaaeeeeiiiiooooouuuucn');--> statement-breakpoint
CREATE INDEX "patients_professional_name_sort_idx" ON "patients" USING btree ("professional_id","name_sort","name");