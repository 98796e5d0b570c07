import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import { type Db, events, people } from '@vigil/db';
import type { OrgScope } from '../../lib/scope.ts';
import { sharedReadableEventBound } from './consumers.ts';

export type FeedEvent = {
  id: number;
  type: string;
  occurredAt: Date;
  personId: string | null;
  personEmail: string | null;
  campaignId: string | null;
  data: Record<string, unknown>;
};

/**
 * One organisation's events after an id, in id order, of the given types: a feed a SIEM polls with
 * the last id it saw. It reads only below the readable bound (see consumers.ts), so an event still
 * being written with a lower id than one already read can never be skipped.
 * @returns up to `limit` events; whether more were ready; and where the next read starts: after the
 * last event answered while more are ready, else after the bound (everything up to it was looked
 * at, so a poll for rare types does not scan the same stretch of other events again and again).
 */
export const readEventFeed = async (db: Db, scope: OrgScope, query: { after: number; types: readonly string[]; limit: number }) => {
  const bound = await sharedReadableEventBound(db);
  const rows: FeedEvent[] = await db
    .select({
      id: events.id,
      type: events.type,
      occurredAt: events.occurredAt,
      personId: events.personId,
      personEmail: people.email,
      campaignId: events.campaignId,
      data: events.data,
    })
    .from(events)
    .leftJoin(people, and(eq(people.organizationId, events.organizationId), eq(people.id, events.personId)))
    .where(and(eq(events.organizationId, scope.organizationId), gt(events.id, query.after), lte(events.id, bound), inArray(events.type, [...query.types])))
    .orderBy(asc(events.id))
    .limit(query.limit + 1);
  const items = rows.slice(0, query.limit);
  const hasMore = rows.length > query.limit;
  return { items, hasMore, nextAfter: hasMore ? items.at(-1)!.id : Math.max(query.after, bound) };
};
