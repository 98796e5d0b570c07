import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type Db, type Person, campaignRecipients, campaigns, landingPages, organizations, phishingTemplates, sendingProfiles } from '@vigil/db';
import type { SecretBox } from '../lib/secrets.ts';
import { trackingTokenHash, trackingTokenOf } from '../modules/phishing/tracking/tracking-links.ts';
import { type LibraryLandingPage, loadLandingPageLibrary } from '../modules/phishing/landing-pages/landing-page-library.ts';
import { buildOrganization, buildPerson } from './factories.ts';

const redFlags = (language: string) => [
  { cue: 'tactics', title: `${language}: a deadline of today`, explanation: `${language}: pressure to act quickly is meant to stop you from checking.` },
  { cue: 'technical', title: `${language}: the sender's domain is not yours`, explanation: `${language}: the address looks like your company's but is spelled differently.` },
];

let officeSignInPage: LibraryLandingPage | undefined;
const officeSignIn = () => (officeSignInPage ??= loadLandingPageLibrary().find((page) => page.id === 'office-sign-in')!);

/**
 * A sent lure of a fresh organisation: a person, a sending profile, a template (a credential-harvest
 * lure leading to the built-in office sign-in page's HTML, unless `vector` says otherwise), a campaign
 * and its recipient (`recipientOf`, a person of an existing organisation, or a new one), with the
 * recipient's working tracking token.
 */
export const buildTrackedRecipient = async (
  db: Db,
  secrets: SecretBox,
  {
    vector = 'credential-harvest',
    language = 'en_us',
    sentSecondsAgo = 600,
    organizationName,
    recipientOf,
  }: { vector?: string; language?: string; sentSecondsAgo?: number; organizationName?: string; recipientOf?: Person } = {},
) => {
  const org = recipientOf
    ? (await db.select().from(organizations).where(eq(organizations.id, recipientOf.organizationId)))[0]!
    : await buildOrganization(db, organizationName ? { name: organizationName } : {});
  const person = recipientOf ?? (await buildPerson(db, org.id, { firstName: 'Robin' }));
  const [profile] = await db.insert(sendingProfiles).values({ organizationId: org.id, name: 'Lures', host: 'smtp.example', port: 25, security: 'none', fromAddress: 'it@lures.example' }).returning();
  const office = officeSignIn();
  const [page] = await db
    .insert(landingPages)
    .values({ id: randomUUID(), organizationId: org.id, kind: 'credential-harvest', texts: { en_us: { title: 'Sign in', html: office.pages.en_us, style: office.style } }, source: 'custom' })
    .returning();
  const [template] = await db
    .insert(phishingTemplates)
    .values({
      id: randomUUID(),
      organizationId: org.id,
      category: 'it-password',
      vector,
      landingPageId: vector === 'credential-harvest' ? page!.id : null,
      phishScale: {},
      difficulty: 3,
      texts: { en_us: { name: 'Password expires', redFlags: redFlags('en') }, fr_fr: { name: 'Mot de passe', redFlags: redFlags('fr') } },
      source: 'custom',
    })
    .returning();
  const [campaign] = await db
    .insert(campaigns)
    .values({ organizationId: org.id, name: 'Spring test', sendingProfileId: profile!.id, templateIds: [template!.id], audience: { kind: 'organization' }, status: 'sending' })
    .returning();
  const id = randomUUID();
  const token = trackingTokenOf(secrets, id);
  const [recipient] = await db
    .insert(campaignRecipients)
    .values({
      id,
      organizationId: org.id,
      campaignId: campaign!.id,
      personId: person.id,
      templateId: template!.id,
      language,
      sendAt: new Date(Date.now() - sentSecondsAgo * 1000),
      state: 'sent',
      sentAt: new Date(Date.now() - sentSecondsAgo * 1000),
      tokenHash: trackingTokenHash(token),
    })
    .returning();
  return { org, person, campaign: campaign!, template: template!, page: page!, recipient: recipient!, token };
};
