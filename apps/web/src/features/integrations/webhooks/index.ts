export { WebhooksPanel as Panel } from './components/webhooks-panel';
export { useWebhooksStatus as useStatus } from './use-webhooks-status';
