export { PhishMailboxPanel as Panel } from './phish-mailbox-panel';
export { usePhishMailboxStatus as useStatus } from './use-phish-mailbox-status';
