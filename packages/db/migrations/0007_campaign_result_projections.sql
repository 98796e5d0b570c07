CREATE TABLE "campaign_department_stats" (
	"organization_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"department_id" uuid,
	"recipients" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"clicked" integer DEFAULT 0 NOT NULL,
	"submitted" integer DEFAULT 0 NOT NULL,
	"reported" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_department_stats_campaignId_departmentId_unique" UNIQUE NULLS NOT DISTINCT("campaign_id","department_id")
);
--> statement-breakpoint
CREATE TABLE "campaign_hourly_stats" (
	"organization_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"clicked" integer DEFAULT 0 NOT NULL,
	"submitted" integer DEFAULT 0 NOT NULL,
	"reported" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_hourly_stats_campaign_id_hour_pk" PRIMARY KEY("campaign_id","hour")
);
--> statement-breakpoint
DROP INDEX "campaign_recipients_campaign_state_idx";--> statement-breakpoint
ALTER TABLE "campaign_department_stats" ADD CONSTRAINT "campaign_department_stats_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_department_stats" ADD CONSTRAINT "campaign_department_stats_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_hourly_stats" ADD CONSTRAINT "campaign_hourly_stats_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_hourly_stats" ADD CONSTRAINT "campaign_hourly_stats_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_recipients_campaign_state_idx" ON "campaign_recipients" USING btree ("campaign_id","state","organization_id");--> statement-breakpoint
-- Campaigns that exist already: their projections from what the consumer has applied so far (the
-- first-time columns it sets, and the `sent` events up to its cursor), so the events it applies next
-- are counted once.
INSERT INTO "campaign_department_stats" ("organization_id", "campaign_id", "department_id", "recipients", "sent", "opened", "clicked", "submitted", "reported")
SELECT r."organization_id", r."campaign_id", r."department_id", count(*),
  count(*) FILTER (WHERE EXISTS (
    SELECT 1 FROM "events" e
    WHERE e."campaign_id" = r."campaign_id" AND e."recipient_id" = r."id" AND e."type" = 'sent'
      AND e."id" <= coalesce((SELECT "last_event_id" FROM "event_cursors" WHERE "consumer" = 'campaign-projections'), 0))),
  count(r."opened_at"), count(r."clicked_at"), count(r."submitted_at"), count(r."reported_at")
FROM "campaign_recipients" r
GROUP BY r."organization_id", r."campaign_id", r."department_id";
--> statement-breakpoint
INSERT INTO "campaign_hourly_stats" ("organization_id", "campaign_id", "hour", "sent", "opened", "clicked", "submitted", "reported")
SELECT "organization_id", "campaign_id", "hour",
  count(*) FILTER (WHERE "stage" = 'sent'), count(*) FILTER (WHERE "stage" = 'opened'), count(*) FILTER (WHERE "stage" = 'clicked'),
  count(*) FILTER (WHERE "stage" = 'submitted'), count(*) FILTER (WHERE "stage" = 'reported')
FROM (
  SELECT e."organization_id", e."campaign_id", date_trunc('hour', min(e."occurred_at")) AS "hour", 'sent' AS "stage"
  FROM "events" e
  WHERE e."type" = 'sent' AND e."campaign_id" IS NOT NULL AND e."recipient_id" IS NOT NULL
    AND e."id" <= coalesce((SELECT "last_event_id" FROM "event_cursors" WHERE "consumer" = 'campaign-projections'), 0)
  GROUP BY e."organization_id", e."campaign_id", e."recipient_id"
  UNION ALL
  SELECT r."organization_id", r."campaign_id", date_trunc('hour', s."at"), s."stage"
  FROM "campaign_recipients" r
  CROSS JOIN LATERAL (VALUES ('opened', r."opened_at"), ('clicked', r."clicked_at"), ('submitted', r."submitted_at"), ('reported', r."reported_at")) AS s("stage", "at")
  WHERE s."at" IS NOT NULL
) stages
GROUP BY "organization_id", "campaign_id", "hour";
