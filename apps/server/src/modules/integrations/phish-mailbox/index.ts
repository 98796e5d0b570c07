export { phishMailboxRoutes } from './phish-mailbox.routes.ts';
export { pollAllPhishMailboxesJob, pollPhishMailboxJob } from './phish-mailbox.jobs.ts';
