import { randomUUID } from 'node:crypto';
import { type Db, type PhishingTemplate, phishingTemplates, sendingProfiles } from '@vigil/db';
import type { SecretBox } from '../lib/secrets.ts';

/** A sending profile of the organisation pointing at an SMTP server (a test inbox on loopback). */
export const buildSendingProfile = async (db: Db, secrets: SecretBox, organizationId: string, server: { host: string; port: number }, overrides: Partial<typeof sendingProfiles.$inferInsert> = {}) =>
  (
    await db
      .insert(sendingProfiles)
      .values({
        organizationId,
        name: `Profile ${randomUUID().slice(0, 8)}`,
        host: server.host,
        port: server.port,
        security: 'none',
        fromAddress: 'it-servicedesk@northwind-support.example',
        fromName: 'IT Service Desk',
        ratePerMinute: 10_000,
        ...overrides,
        passwordSealed: overrides.passwordSealed === undefined ? null : overrides.passwordSealed && secrets.seal(overrides.passwordSealed),
      })
      .returning()
  )[0]!;

const redFlags = [
  { cue: 'tactics', title: 'A deadline of today', explanation: 'Pressure to act quickly is meant to stop you from checking.' },
  { cue: 'technical', title: 'The sender is not quite your company', explanation: 'The domain is spelled slightly differently from your company’s.' },
];

/** An organisation's own email-link lure (or any vector), active, with English and French text. */
export const buildPhishingTemplate = async (db: Db, organizationId: string | null, overrides: Partial<PhishingTemplate> = {}) =>
  (
    await db
      .insert(phishingTemplates)
      .values({
        id: randomUUID(),
        organizationId,
        category: 'it-password',
        vector: 'email-link',
        fromAddress: 'it-servicedesk@{{sender_domain}}',
        phishScale: { cues: { errors: 0, technical: 2, visual: 1, language: 2, tactics: 2 }, premiseAlignment: 'high' },
        difficulty: 3,
        source: organizationId ? 'custom' : 'builtin',
        texts: {
          en_us: {
            name: 'Password expires today',
            scenario: 'The IT service desk warns that the password expires today.',
            fromName: 'IT Service Desk',
            subject: 'Your password expires today, {{first_name}}',
            html: '<p>Hello {{first_name}},</p><p>Your {{company}} password expires today. <a href="{{link}}">Keep my password</a></p>',
            text: 'Hello {{first_name}}, your {{company}} password expires today. Keep it: {{link}}',
            redFlags,
          },
          fr_fr: {
            name: 'Le mot de passe expire aujourd’hui',
            scenario: 'Le service informatique prévient que le mot de passe expire aujourd’hui.',
            fromName: 'Service informatique',
            subject: 'Votre mot de passe expire aujourd’hui, {{first_name}}',
            html: '<p>Bonjour {{first_name}},</p><p>Votre mot de passe {{company}} expire aujourd’hui. <a href="{{link}}">Conserver mon mot de passe</a></p>',
            text: 'Bonjour {{first_name}}, votre mot de passe {{company}} expire aujourd’hui : {{link}}',
            redFlags,
          },
        },
        ...overrides,
      })
      .returning()
  )[0]!;
