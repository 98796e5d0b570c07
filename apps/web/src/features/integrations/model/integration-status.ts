/**
 * What the integrations list shows for one integration: whether it is working, and one line that
 * says what it did last (translated by the integration's own hook).
 */
export type IntegrationState = 'connected' | 'not_connected' | 'attention';

export type IntegrationStatus = { state: IntegrationState; summary: string };

/** Each integration's folder exports a hook of this shape (`useStatus`) beside its `Panel`. */
export type IntegrationStatusResult = { status: IntegrationStatus | undefined; isPending: boolean; isError: boolean };
