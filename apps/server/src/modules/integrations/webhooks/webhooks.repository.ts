import { randomUUID } from 'node:crypto';
import { type SQL, and, asc, count, desc, eq, gt, inArray, isNotNull, lt, lte, not, or, sql } from 'drizzle-orm';
import { type Db, type NewWebhookDeliveryRow, type Tx, type WebhookDeliveryRow, type WebhookEndpointRow, webhookDeliveries, webhookEndpoints } from '@vigil/db';
import type { OrgScope } from '../../../lib/scope.ts';

export type NewEndpointValues = Omit<typeof webhookEndpoints.$inferInsert, 'organizationId' | 'id' | 'createdAt' | 'updatedAt'>;
export type EndpointChanges = Partial<NewEndpointValues>;
export type LastDelivery = Pick<WebhookDeliveryRow, 'endpointId' | 'state' | 'eventType' | 'lastStatusCode'> & { lastAttemptAt: Date };
/** The delivery log's sort key: newest first, the creation time as PostgreSQL writes it, then the id. */
export type DeliveryKey = readonly [string, string];

/** A row some worker is sending right now: claimed, and its lease has not ended. */
const beingSent = (now: Date) => and(isNotNull(webhookDeliveries.leaseToken), gt(webhookDeliveries.nextAttemptAt, now))!;

/** One organisation's webhook endpoints and their deliveries: the only code that touches the tables for the API. */
export const webhooksRepository = (db: Db | Tx, scope: OrgScope) => {
  const inOrg = eq(webhookEndpoints.organizationId, scope.organizationId);
  const deliveriesInOrg = eq(webhookDeliveries.organizationId, scope.organizationId);
  return {
    list: (): Promise<WebhookEndpointRow[]> => db.select().from(webhookEndpoints).where(inOrg).orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id)),

    findById: async (id: string): Promise<WebhookEndpointRow | undefined> =>
      (await db.select().from(webhookEndpoints).where(and(inOrg, eq(webhookEndpoints.id, id))).limit(1))[0],

    insert: async (values: NewEndpointValues): Promise<WebhookEndpointRow> =>
      (await db.insert(webhookEndpoints).values({ ...values, organizationId: scope.organizationId }).returning())[0]!,

    update: async (id: string, changes: EndpointChanges): Promise<WebhookEndpointRow | undefined> =>
      (await db.update(webhookEndpoints).set({ ...changes, updatedAt: new Date() }).where(and(inOrg, eq(webhookEndpoints.id, id))).returning())[0],

    /** @returns whether it was there (its deliveries go with it) */
    remove: async (id: string): Promise<boolean> => (await db.delete(webhookEndpoints).where(and(inOrg, eq(webhookEndpoints.id, id))).returning({ id: webhookEndpoints.id })).length > 0,

    /** The latest attempt at each endpoint (absent: none yet): one step down the last-attempt index per endpoint. */
    lastDeliveries: async (endpointIds: string[]): Promise<Map<string, LastDelivery>> => {
      if (!endpointIds.length) return new Map();
      const latest = db
        .select({
          state: webhookDeliveries.state,
          eventType: webhookDeliveries.eventType,
          lastStatusCode: webhookDeliveries.lastStatusCode,
          lastAttemptAt: webhookDeliveries.lastAttemptAt,
        })
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.endpointId, webhookEndpoints.id), isNotNull(webhookDeliveries.lastAttemptAt)))
        .orderBy(desc(webhookDeliveries.lastAttemptAt))
        .limit(1)
        .as('latest');
      const rows = await db
        .select({ endpointId: webhookEndpoints.id, state: latest.state, eventType: latest.eventType, lastStatusCode: latest.lastStatusCode, lastAttemptAt: latest.lastAttemptAt })
        .from(webhookEndpoints)
        .innerJoinLateral(latest, sql`true`)
        .where(and(inOrg, inArray(webhookEndpoints.id, endpointIds)));
      return new Map(rows.map((row) => [row.endpointId, { ...row, lastAttemptAt: row.lastAttemptAt! }]));
    },

    /** Deliveries still to go, per endpoint (absent: none). */
    pendingCounts: async (endpointIds: string[]): Promise<Map<string, number>> => {
      if (!endpointIds.length) return new Map();
      const rows = await db
        .select({ endpointId: webhookDeliveries.endpointId, n: count() })
        .from(webhookDeliveries)
        .where(and(deliveriesInOrg, inArray(webhookDeliveries.endpointId, endpointIds), eq(webhookDeliveries.state, 'pending')))
        .groupBy(webhookDeliveries.endpointId);
      return new Map(rows.map((row) => [row.endpointId, row.n]));
    },

    /** Up to `limit` deliveries of the endpoint after `after`, newest first. */
    deliveriesAfter: async (endpointId: string, after: DeliveryKey | undefined, limit: number) => {
      const conditions: SQL[] = [deliveriesInOrg, eq(webhookDeliveries.endpointId, endpointId)];
      // A row comparison on the log index's columns: PostgreSQL walks the index from the key.
      if (after) conditions.push(sql`(${webhookDeliveries.createdAt}, ${webhookDeliveries.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`);
      return db
        .select({ row: webhookDeliveries, createdAtKey: sql<string>`${webhookDeliveries.createdAt}::text` })
        .from(webhookDeliveries)
        .where(and(...conditions))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(limit);
    },

    findDelivery: async (endpointId: string, deliveryId: string): Promise<WebhookDeliveryRow | undefined> =>
      (await db.select().from(webhookDeliveries).where(and(deliveriesInOrg, eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, deliveryId))).limit(1))[0],

    insertDelivery: async (values: Omit<NewWebhookDeliveryRow, 'organizationId'>): Promise<WebhookDeliveryRow> =>
      (await db.insert(webhookDeliveries).values({ ...values, organizationId: scope.organizationId }).returning())[0]!,

    /**
     * Makes a delivery due now with its attempts counted afresh (a redelivery), unless a worker is
     * sending it right now (its lease has not ended): resetting the count under it would let that
     * worker's result pass for the redelivery's.
     * @returns the row, or undefined when it is being sent
     */
    resetDelivery: async (deliveryId: string, now: Date): Promise<WebhookDeliveryRow | undefined> =>
      (
        await db
          .update(webhookDeliveries)
          .set({ state: 'pending', attempts: 0, nextAttemptAt: now, deliveredAt: null, leaseToken: null })
          .where(and(deliveriesInOrg, eq(webhookDeliveries.id, deliveryId), not(beingSent(now))))
          .returning()
      )[0],

    /** Endpoints of the organisation, for the limit on how many it may have. */
    count: async (): Promise<number> => (await db.select({ n: count() }).from(webhookEndpoints).where(inOrg))[0]?.n ?? 0,

    /** Serialises endpoint creation within the organisation, so two at once cannot both pass the limit. */
    lockOrganizationEndpoints: async () => {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext('webhook_endpoints'), hashtext(${scope.organizationId}))`);
    },

  };
};

/** A delivery a worker has claimed, with what sending it needs. `leaseToken` is the claim's: only it may write the result. */
export type ClaimedDelivery = WebhookDeliveryRow & { leaseToken: string; url: string; secretSealed: string };

/** How the sender shares itself out: sends at once per endpoint, and the circuit breaker's settings. */
export type ClaimLimits = {
  /** Rows of one endpoint being sent at once, across every worker. */
  perEndpoint: number;
  /** Failed attempts in a row after which the endpoint is held back, and then probed one send at a time. */
  breakAfterFailures: number;
};

/** The result columns an attempt writes. */
export type AttemptResult = Partial<Pick<WebhookDeliveryRow, 'state' | 'attempts' | 'nextAttemptAt' | 'lastStatusCode' | 'lastResponseExcerpt' | 'lastError' | 'lastDurationMs' | 'deliveredAt'>>;

/**
 * The sender's side, across organisations (each row carries its own organisation, and is sent to
 * its own endpoint only).
 */
export const webhookDeliveryQueue = (db: Db | Tx) => {
  /** Counts the attempt, writes a fresh lease token and moves the due time to the lease's end, for the rows `which` picks. */
  const claimRows = async (which: SQL, now: Date, leaseSeconds: number): Promise<ClaimedDelivery[]> => {
    const leaseToken = randomUUID();
    const claimed = await db
      .update(webhookDeliveries)
      .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, leaseToken, nextAttemptAt: new Date(now.getTime() + leaseSeconds * 1000), lastAttemptAt: now })
      .where(sql`${webhookDeliveries.id} in (${which})`)
      .returning();
    if (!claimed.length) return [];
    const endpoints = await db
      .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, secretSealed: webhookEndpoints.secretSealed })
      .from(webhookEndpoints)
      .where(inArray(webhookEndpoints.id, [...new Set(claimed.map((row) => row.endpointId))]));
    const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
    return claimed.flatMap((row) => {
      const endpoint = byId.get(row.endpointId);
      return endpoint ? [{ ...row, leaseToken, url: endpoint.url, secretSealed: endpoint.secretSealed }] : [];
    });
  };

  return {
    /**
     * Claims up to `limit` due deliveries, fairly: endpoint by endpoint (enabled ones, not held back
     * by the circuit breaker), each at most as many as its `perEndpoint` sends at once leave free
     * across every worker — one send at a time while the breaker probes — oldest due first. So a
     * receiver that hangs, or one organisation's backlog of thousands, takes a few sends and never
     * the whole sender. Each endpoint's rows are taken with `for update skip locked`, so several
     * workers claim at once without taking the same row; a worker that dies leaves its rows due
     * again when the lease ends. `organizationIds` limits it to those organisations (a test sharing
     * its database).
     */
    claimDue: async (now: Date, { limit, leaseSeconds, limits, organizationIds }: { limit: number; leaseSeconds: number; limits: ClaimLimits; organizationIds?: string[] }) => {
      const at = sql`${now.toISOString()}::timestamptz`;
      const inOrganizations = organizationIds?.length ? sql`and e.organization_id in (${sql.join(organizationIds.map((id) => sql`${id}::uuid`), sql`, `)})` : sql``;
      const picked = sql`
        select picked.id from (
          select e.id as endpoint_id,
            (case when e.consecutive_failures >= ${limits.breakAfterFailures} then 1 else ${limits.perEndpoint} end)
              - (select count(*) from webhook_deliveries l where l.endpoint_id = e.id and l.lease_token is not null and l.state = 'pending' and l.next_attempt_at > ${at}) as slots
          from webhook_endpoints e
          where e.enabled and (e.held_until is null or e.held_until <= ${at}) ${inOrganizations}
            and exists (select 1 from webhook_deliveries w where w.endpoint_id = e.id and w.state = 'pending' and w.next_attempt_at <= ${at})
        ) endpoint
        cross join lateral (
          select d.id, d.next_attempt_at from webhook_deliveries d
          where d.endpoint_id = endpoint.endpoint_id and d.state = 'pending' and d.next_attempt_at <= ${at}
          order by d.next_attempt_at
          limit greatest(endpoint.slots, 0)
          for update of d skip locked
        ) picked
        order by picked.next_attempt_at
        limit ${limit}`;
      return claimRows(picked, now, leaseSeconds);
    },

    /**
     * Claims one delivery of an enabled endpoint, due now (a test event, a redelivery an admin waits
     * on): past the circuit breaker and the endpoint's limit, which are for the queue.
     * @returns it, or undefined when another worker holds it or its endpoint is off
     */
    claimOne: async (deliveryId: string, now: Date, leaseSeconds: number): Promise<ClaimedDelivery | undefined> => {
      const due = db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, and(eq(webhookEndpoints.id, webhookDeliveries.endpointId), eq(webhookEndpoints.enabled, true)))
        .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.state, 'pending'), lte(webhookDeliveries.nextAttemptAt, now)))
        .for('update', { of: webhookDeliveries, skipLocked: true });
      return (await claimRows(sql`${due}`, now, leaseSeconds))[0];
    },

    /**
     * Writes what an attempt got, and lets the row go, if it is still this claim's (the same lease
     * token, still pending): a worker whose lease ran out, or whose row was redelivered meanwhile,
     * never overwrites the next attempt's result.
     * @returns whether it was written
     */
    recordAttempt: async (claim: Pick<ClaimedDelivery, 'id' | 'leaseToken'>, result: AttemptResult) =>
      (
        await db
          .update(webhookDeliveries)
          .set({ ...result, leaseToken: null })
          .where(and(eq(webhookDeliveries.id, claim.id), eq(webhookDeliveries.leaseToken, claim.leaseToken), eq(webhookDeliveries.state, 'pending')))
          .returning({ id: webhookDeliveries.id })
      ).length > 0,

    /** A delivered attempt closes the endpoint's circuit breaker. */
    endpointSucceeded: async (endpointId: string) => {
      await db
        .update(webhookEndpoints)
        .set({ consecutiveFailures: 0, heldUntil: null })
        .where(and(eq(webhookEndpoints.id, endpointId), or(gt(webhookEndpoints.consecutiveFailures, 0), isNotNull(webhookEndpoints.heldUntil))));
    },

    /**
     * Counts a failed attempt against the endpoint; from the `breakAfterFailures`th in a row on, its
     * deliveries are held back for `holdSeconds(failures)` (then one probes the receiver).
     * @returns the failures in a row and until when it is held, if it is
     */
    endpointFailed: async (endpointId: string, now: Date, breakAfterFailures: number, holdSeconds: (failures: number) => number) => {
      const [row] = await db
        .update(webhookEndpoints)
        .set({ consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1` })
        .where(eq(webhookEndpoints.id, endpointId))
        .returning({ failures: webhookEndpoints.consecutiveFailures });
      if (!row || row.failures < breakAfterFailures) return row && { failures: row.failures, heldUntil: null };
      const heldUntil = new Date(now.getTime() + holdSeconds(row.failures) * 1000);
      await db.update(webhookEndpoints).set({ heldUntil }).where(eq(webhookEndpoints.id, endpointId));
      return { failures: row.failures, heldUntil };
    },

    /** Switches an endpoint off because its receiver said it is gone (410). @returns whether it was on */
    disableGone: async (endpointId: string) =>
      (
        await db
          .update(webhookEndpoints)
          .set({ enabled: false, disabledReason: 'gone', updatedAt: new Date() })
          .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
          .returning({ id: webhookEndpoints.id })
      ).length > 0,

    /** The enabled endpoints of these organisations, for the event-log consumer. */
    enabledEndpointsOf: (organizationIds: string[]) =>
      organizationIds.length
        ? db
            .select({ id: webhookEndpoints.id, organizationId: webhookEndpoints.organizationId, eventTypes: webhookEndpoints.eventTypes, createdAt: webhookEndpoints.createdAt })
            .from(webhookEndpoints)
            .where(and(inArray(webhookEndpoints.organizationId, organizationIds), eq(webhookEndpoints.enabled, true)))
        : Promise.resolve([]),

    /** Queues deliveries in batches; an event already queued for an endpoint is skipped. */
    insertDeliveries: async (rows: NewWebhookDeliveryRow[]) => {
      for (let start = 0; start < rows.length; start += 1_000) {
        await db.insert(webhookDeliveries).values(rows.slice(start, start + 1_000)).onConflictDoNothing();
      }
    },

    /**
     * Deletes up to `batch` of one endpoint's deliveries made before `before` (none being sent right
     * now), along the delivery log's index.
     * @returns how many went
     */
    pruneEndpoint: async (endpointId: string, before: Date, now: Date, batch: number) => {
      const old = db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.endpointId, endpointId), lt(webhookDeliveries.createdAt, before), not(beingSent(now))))
        .limit(batch);
      return (await db.delete(webhookDeliveries).where(inArray(webhookDeliveries.id, old)).returning({ id: webhookDeliveries.id })).length;
    },

    /** Every endpoint's id, for the retention job. */
    allEndpointIds: async () => (await db.select({ id: webhookEndpoints.id }).from(webhookEndpoints)).map((row) => row.id),
  };
};
