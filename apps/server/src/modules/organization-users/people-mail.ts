import type { FastifyBaseLogger } from 'fastify';
import type { AdminRole } from '@vigil/contracts';
import type { Db } from '@vigil/db';

/** Sends one email; the embedded provider's delivery (SMTP, or the operator outbox). */
export type InvitationMailer = (message: { to: string; subject: string; text: string }) => Promise<void>;

export type InvitationSettings = {
  /** Absent when the provider is not embedded: Vigil then has no way to send mail. */
  mailer?: InvitationMailer;
  /** Where the web app is, for the sign-in link. */
  appUrl: string;
  log: FastifyBaseLogger;
};

/** What the people routes need: the database, and how to mail the people admins add. */
export type PeopleRoutesOptions = { db: Db; mailer?: InvitationMailer; appUrl: string };

/** Who was added, by whom, to which organisation (and as what, for an admin). */
export type AddedPerson = { to: string; firstName: string; organizationName: string; invitedBy: string; role?: AdminRole };

export const roleWithArticle = (role: AdminRole) => (role === 'Admin' ? 'an Admin' : 'a Superadmin');

/** Sends the mail; a failure is logged, not thrown. @returns whether it went out */
const send = async (settings: InvitationSettings, message: { to: string; subject: string; text: string }) => {
  if (!settings.mailer) return false;
  try {
    await settings.mailer(message);
    return true;
  } catch (error) {
    settings.log.warn({ err: error }, 'an email to a person added by an admin could not be sent');
    return false;
  }
};

/** Tells a new admin how to sign in. @returns whether the mail went out */
export const sendInvitation = (settings: InvitationSettings, invitation: AddedPerson & { role: AdminRole }) => {
  const signInUrl = `${settings.appUrl.replace(/\/+$/, '')}/login/`;
  return send(settings, {
    to: invitation.to,
    subject: `You are now ${roleWithArticle(invitation.role)} of ${invitation.organizationName} in Vigil`,
    text: [
      `Hello ${invitation.firstName},`,
      '',
      `${invitation.invitedBy} has made you ${roleWithArticle(invitation.role)} of ${invitation.organizationName} in Vigil, its security-awareness platform.`,
      '',
      `Sign in at ${signInUrl} with this email address (${invitation.to}). You need no password: ask for a sign-in code or link by email. You can set a password later with “Forgot password?”.`,
      '',
      'If you did not expect this, you can ignore this email.',
    ].join('\n'),
  });
};

/**
 * Tells the owner of an address that already has a Vigil account in another organisation that
 * this organisation tried to add them, and whom to ask. Only they learn it: the admin who added
 * them is answered as for any new address, so no organisation learns who another one has.
 * @returns whether the mail went out
 */
export const sendAddressInUseNotice = (settings: InvitationSettings, added: AddedPerson) =>
  send(settings, {
    to: added.to,
    subject: `${added.organizationName} tried to add you to Vigil`,
    text: [
      `Hello ${added.firstName},`,
      '',
      `${added.invitedBy} tried to add you to ${added.organizationName} in Vigil, its security-awareness platform${added.role ? `, as ${roleWithArticle(added.role)}` : ''}.`,
      '',
      `This email address (${added.to}) already belongs to an account in another organization in Vigil, and an address can belong to only one account. So you cannot sign in to ${added.organizationName} with it, and nothing about your account has changed.`,
      '',
      `If you should be in ${added.organizationName}, ask ${added.invitedBy} to add you with another email address, or ask the administrators of the organization your account is in to change or remove it first.`,
      '',
      `${added.organizationName} has not been told that this address has an account elsewhere. If you did not expect this, you can ignore this email.`,
    ].join('\n'),
  });
