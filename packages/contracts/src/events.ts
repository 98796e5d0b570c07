import { z } from 'zod';

/**
 * Everything the event log records about simulations. Training and risk add their own types later.
 * `machine_click` and `machine_open` are requests a mail-security scanner made, never a failure;
 * `no_action` is written when a lure has gone unanswered for two weeks (neither failed nor reported).
 */
export const simulationEventTypes = [
  'sent',
  'delivered',
  'delivery_failed',
  'delivery_uncertain',
  'opened',
  'clicked',
  'landing_visited',
  'submitted',
  'attachment_opened',
  'qr_scanned',
  'replied',
  'called',
  'reported',
  'machine_click',
  'machine_open',
  'no_action',
] as const;
export const simulationEventTypeSchema = z.enum(simulationEventTypes);
export type SimulationEventType = z.infer<typeof simulationEventTypeSchema>;

/** The outcomes that count as falling for a lure (a failure), strongest last. */
export const failureEventTypes = ['clicked', 'attachment_opened', 'qr_scanned', 'called', 'replied', 'submitted'] as const satisfies readonly SimulationEventType[];

/**
 * What the event log records when a directory (SCIM, Google Workspace sync, a CSV import) changes
 * the organisation's people. Webhooks and the integrations pages read them; `data.source` names
 * the directory and `data.fields` the attributes that changed.
 */
export const provisioningEventTypes = ['person_provisioned', 'person_updated', 'person_deprovisioned', 'person_reactivated'] as const;
export type ProvisioningEventType = (typeof provisioningEventTypes)[number];
export type ProvisioningSource = 'scim' | 'google' | 'csv';
