import { type Role, isAdminRole } from '@vigil/contracts';

/**
 * Who may set up the reported-phish mailbox and triage what arrives in it: the organisation's
 * admins and superadmins (a managed-service operator with their home role, as everywhere). The
 * mailbox holds what people report, which may be private mail, so nobody else reads it.
 * Simulations need no verdict: they are ours.
 */
export const mayManagePhishMailbox = (role: Role) => isAdminRole(role);

export const mailboxAbilities = (role: Role, configured: boolean) => ({
  edit: mayManagePhishMailbox(role),
  test: mayManagePhishMailbox(role) && configured,
  delete: mayManagePhishMailbox(role) && configured,
});

export const mayJudge = (role: Role, message: { kind: string }) => mayManagePhishMailbox(role) && message.kind === 'suspicious';
