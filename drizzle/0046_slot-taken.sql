CREATE TABLE "slot_taken" (
	"option_id" text NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"taken" integer NOT NULL,
	CONSTRAINT "slot_taken_option_id_slot_start_pk" PRIMARY KEY("option_id","slot_start")
);
--> statement-breakpoint
CREATE INDEX "bookings_holds_idx" ON "bookings" USING btree ("option_id","slot_start","expires_at","unit_count") WHERE status = 'ON_HOLD';--> statement-breakpoint
-- The places of confirmed and redeemed bookings kept per slot by the database (decision 0067): every write of a
-- booking that moves it into or out of those states, changes its units or moves it to another slot updates
-- the count in the same transaction, whichever module or statement wrote it.
CREATE FUNCTION "bookings_count_taken"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status IN ('CONFIRMED', 'REDEEMED') AND NEW.status IN ('CONFIRMED', 'REDEEMED')
     AND OLD.option_id = NEW.option_id AND OLD.slot_start = NEW.slot_start AND OLD.unit_count = NEW.unit_count THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.status IN ('CONFIRMED', 'REDEEMED') THEN
    UPDATE "slot_taken" SET "taken" = "taken" - OLD.unit_count WHERE "option_id" = OLD.option_id AND "slot_start" = OLD.slot_start;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status IN ('CONFIRMED', 'REDEEMED') THEN
    INSERT INTO "slot_taken" ("option_id", "slot_start", "taken") VALUES (NEW.option_id, NEW.slot_start, NEW.unit_count)
    ON CONFLICT ("option_id", "slot_start") DO UPDATE SET "taken" = "slot_taken"."taken" + EXCLUDED."taken";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "bookings_count_taken" AFTER INSERT OR DELETE OR UPDATE OF "status", "unit_count", "option_id", "slot_start" ON "bookings"
FOR EACH ROW EXECUTE FUNCTION "bookings_count_taken"();--> statement-breakpoint
-- The bookings written before the count existed.
INSERT INTO "slot_taken" ("option_id", "slot_start", "taken")
SELECT "option_id", "slot_start", sum("unit_count") FROM "bookings" WHERE "status" IN ('CONFIRMED', 'REDEEMED') GROUP BY 1, 2;
