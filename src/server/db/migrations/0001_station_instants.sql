-- Station times become instants. The text held Stockholm wall-clock time (YYYY-MM-DDTHH:mm), so each value is
-- read as Europe/Stockholm time; the skipped and the repeated hour of the clock changes read as standard time.
ALTER TABLE "stations" ALTER COLUMN "start" SET DATA TYPE timestamp with time zone USING ("start"::timestamp AT TIME ZONE 'Europe/Stockholm');--> statement-breakpoint
ALTER TABLE "stations" ALTER COLUMN "end" SET DATA TYPE timestamp with time zone USING ("end"::timestamp AT TIME ZONE 'Europe/Stockholm');
