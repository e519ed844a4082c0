-- A create, an activation and the reconciler's own activation check the resident's permit limit
-- and activation cap under the resident's row lock (server/permits/permit-allowance.ts). Done from
-- the host, that was a round trip for the lock and one for each count, and a create added one each
-- for BEGIN, its insert and COMMIT; these functions do the same work in one call, the create's in
-- one statement that needs no transaction of its own. The rules' values (which statuses count, the
-- periods' bounds) stay in TypeScript and come in as arguments.
--
-- Each statement in a VOLATILE PL/pgSQL function takes a new snapshot: the counts, read once the
-- lock is held, see the permits a create on another host committed while it waited.
CREATE FUNCTION "kerbside_permit_allowance"(
  "p_user_id" uuid,
  "p_exclude_permit_id" integer,
  "p_counted_statuses" text[],
  "p_activates_now" boolean,
  "p_count_queued" boolean,
  "p_month_start" timestamptz,
  "p_month_end" timestamptz,
  "p_quarter_start" timestamptz,
  "p_quarter_end" timestamptz
) RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  "v_limit" integer;
  "v_cap_type" text;
  "v_cap_limit" integer;
  "v_count" integer;
BEGIN
  SELECT "permit_limit" INTO "v_limit" FROM "users" WHERE "id" = "p_user_id" FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'No resident %.', "p_user_id";
  END IF;
  SELECT count(*) INTO "v_count" FROM "permits"
    WHERE "user_id" = "p_user_id" AND "status" = ANY ("p_counted_statuses")
      AND "id" IS DISTINCT FROM "p_exclude_permit_id";
  IF "v_count" >= "v_limit" THEN
    RETURN 'limit';
  END IF;
  IF NOT "p_activates_now" THEN
    RETURN NULL;
  END IF;
  SELECT "permit_cap_type", "permit_cap_limit" INTO "v_cap_type", "v_cap_limit"
    FROM "site_settings" WHERE "id" = 1;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'The site_settings row is missing: the migrations did not run.';
  END IF;
  IF "v_cap_limit" = 0 THEN
    RETURN NULL;
  END IF;
  SELECT count(*) INTO "v_count" FROM "permits"
    WHERE "user_id" = "p_user_id" AND "id" IS DISTINCT FROM "p_exclude_permit_id"
      AND (("p_count_queued" AND "status" = 'QUEUED')
        OR ("activated_at" >= CASE "v_cap_type" WHEN 'quarterly' THEN "p_quarter_start" ELSE "p_month_start" END
          AND "activated_at" < CASE "v_cap_type" WHEN 'quarterly' THEN "p_quarter_end" ELSE "p_month_end" END));
  IF "v_count" >= "v_cap_limit" THEN
    RETURN "v_cap_type";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A new permit, inserted only when kerbside_permit_allowance allows it. Refused, it raises
-- SQLSTATE KS001 naming the allowance's answer ('limit', 'monthly' or 'quarterly') as the error's
-- constraint, as the permits table's own constraints name theirs.
CREATE FUNCTION "kerbside_create_permit"(
  "p_user_id" uuid,
  "p_counted_statuses" text[],
  "p_activates_now" boolean,
  "p_month_start" timestamptz,
  "p_month_end" timestamptz,
  "p_quarter_start" timestamptz,
  "p_quarter_end" timestamptz,
  "p_reference_no" text,
  "p_label" boolean,
  "p_vrm" text,
  "p_make" text,
  "p_model" text,
  "p_colour" text,
  "p_driver_first" text,
  "p_driver_last" text,
  "p_status" text,
  "p_start_ts" timestamptz,
  "p_end_ts" timestamptz,
  "p_visitor_pass_id" integer
) RETURNS SETOF "permits" LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  "v_refusal" text;
BEGIN
  "v_refusal" := "kerbside_permit_allowance"("p_user_id", NULL, "p_counted_statuses",
    "p_activates_now", true, "p_month_start", "p_month_end", "p_quarter_start", "p_quarter_end");
  IF "v_refusal" IS NOT NULL THEN
    RAISE EXCEPTION 'No room for another permit: %.', "v_refusal"
      USING ERRCODE = 'KS001', CONSTRAINT = "v_refusal";
  END IF;
  RETURN QUERY INSERT INTO "permits" ("user_id", "reference_no", "label", "vrm", "make", "model",
      "colour", "driver_first", "driver_last", "status", "start_ts", "end_ts", "visitor_pass_id")
    VALUES ("p_user_id", "p_reference_no", "p_label", "p_vrm", "p_make", "p_model", "p_colour",
      "p_driver_first", "p_driver_last", "p_status", "p_start_ts", "p_end_ts", "p_visitor_pass_id")
    RETURNING *;
END
$$;
