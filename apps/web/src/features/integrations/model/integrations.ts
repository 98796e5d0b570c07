import type { ComponentType } from 'react';

import type { IntegrationService } from '../../shell/model/routes';
import * as apiKeys from '../api-keys';
import * as googleWorkspace from '../google-workspace';
import * as phishMailbox from '../phish-mailbox';
import * as scim from '../scim';
import * as webhooks from '../webhooks';
import type { IntegrationStatusResult } from './integration-status';

export type Integration = {
  id: IntegrationService;
  /** Whether it brings people in (provisioning), reads reports, or connects other tools (automation). */
  group: 'people' | 'reports' | 'automation';
  Panel: ComponentType;
  useStatus: () => IntegrationStatusResult;
};

/** Every integration, in the order the list shows them. */
export const integrations: readonly Integration[] = [
  { id: 'scim', group: 'people', ...scim },
  { id: 'google-workspace', group: 'people', ...googleWorkspace },
  { id: 'phish-mailbox', group: 'reports', ...phishMailbox },
  { id: 'api-keys', group: 'automation', ...apiKeys },
  { id: 'webhooks', group: 'automation', ...webhooks },
];

export const integrationById = (id: string | undefined) => integrations.find((integration) => integration.id === id);
