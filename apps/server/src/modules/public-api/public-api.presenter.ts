import {
  type Campaign,
  type PublicCampaign,
  type PublicEvent,
  type PublicEventType,
  type PublicPerson,
  provisioningEventTypes,
  simulationEventTypes,
  trainingEventTypes,
} from '@vigil/contracts';
import type { FeedEvent } from '../events/event-feed.ts';
import { publicEventData } from '../events/public-event-data.ts';
import type { PagePerson } from '../people/people-page.ts';

/**
 * What the public API shows of the organisation's data: the fields an integrator needs, never a
 * login id, a secret, the admin app's `can` flags or anything of another organisation.
 */

export const presentPublicPerson = (person: PagePerson): PublicPerson => ({
  id: person.id,
  email: person.email,
  firstName: person.firstName,
  lastName: person.lastName,
  role: person.role,
  department: person.departmentId && person.departmentName !== null ? { id: person.departmentId, name: person.departmentName } : null,
  managerId: person.managerId,
  jobTitle: person.jobTitle,
  employeeNumber: person.employeeNumber,
  active: person.isActive,
  source: person.source,
  createdAt: person.createdAt.toISOString(),
  updatedAt: person.updatedAt.toISOString(),
});

/** A campaign without what only the admin app needs (its template, profile and audience ids, its abilities). */
export const presentPublicCampaign = (campaign: Campaign): PublicCampaign => ({
  id: campaign.id,
  name: campaign.name,
  kind: campaign.kind,
  status: campaign.status,
  startAt: campaign.startAt,
  launchedAt: campaign.launchedAt,
  completedAt: campaign.completedAt,
  createdAt: campaign.createdAt,
  counts: campaign.counts,
});

const categoryOf = (type: PublicEventType): PublicEvent['category'] => {
  if ((simulationEventTypes as readonly string[]).includes(type)) return 'simulation';
  if ((trainingEventTypes as readonly string[]).includes(type)) return 'training';
  if ((provisioningEventTypes as readonly string[]).includes(type)) return 'provisioning';
  throw new Error(`the event type ${type} has no public category`);
};

/**
 * One event of the feed; only the public types are ever read (see the route), so the cast holds.
 * `data` holds the facts webhooks send too, never all the log keeps (public-event-data.ts).
 */
export const presentPublicEvent = (event: FeedEvent): PublicEvent => {
  const type = event.type as PublicEventType;
  return {
    id: event.id,
    type,
    category: categoryOf(type),
    occurredAt: event.occurredAt.toISOString(),
    person: event.personId && event.personEmail !== null ? { id: event.personId, email: event.personEmail } : null,
    campaignId: event.campaignId,
    data: publicEventData(event),
  };
};
