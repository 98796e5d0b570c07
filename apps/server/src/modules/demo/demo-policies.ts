import { and, asc, eq } from 'drizzle-orm';
import { type Db, type Tx, people } from '@vigil/db';
import { personActor, scopeOf } from '../../lib/scope.ts';
import { demoTenantOf } from './demo-tenant.ts';
import { type PolicyActing, createPolicyAs, publishMarkdownVersionAs, recordAcknowledgementsAs } from '../policies/policies.service.ts';

const dayMs = 24 * 60 * 60 * 1000;

// The demo company's policies, written as a real logistics company's would be: plain language,
// what to do and why, nothing a reader must look up. Version 2 of the acceptable use policy adds a
// section on AI tools and a one-hour deadline for reporting lost devices (its change note says so).

const acceptableUse = (version: 1 | 2) => `# Acceptable Use Policy

**Applies to:** everyone who works for or on behalf of Northwind Logistics (employees, contractors and temporary staff) and every device, account and system the company provides.
**Owner:** Information Security. **Reviewed:** every year, and whenever something important changes.

## Why we have this policy

Our systems hold our customers' shipments and payment details and our colleagues' personal data. Most security incidents start with something ordinary: a reused password, a link clicked in a hurry, a laptop left in a car. This policy sets out what we expect of everyone, so that we can all work quickly and safely.

## Company devices and accounts

- Use company devices and accounts for work. Occasional personal use is fine if it is legal, brief and does not get in the way of your work or anyone else's.
- Your account is yours alone. Never share your password, and never approve a sign-in request you did not start yourself.
- Lock your screen whenever you step away (Windows key + L on Windows, Control + Command + Q on a Mac).
- Install software only from the company software catalogue, and never switch off security tools such as antivirus, disk encryption or automatic updates.

## Passwords and signing in

- Use a long, unique password for every account. The company password manager creates and remembers them for you.
- Keep multi-factor authentication switched on. If you receive a sign-in prompt you did not expect, deny it and report it.

## Email, messages, links and attachments

- Take extra care with messages that are urgent, unexpected, or ask for money, passwords or data, even when they seem to come from a colleague, a customer or a supplier.
- Before changing a supplier's bank details or making an urgent payment, call the person on a number you already know, never on the number given in the message.
- Report suspicious emails with the Report button in your mail app, and suspicious calls or texts to the IT Service Desk. If you clicked something you should not have, report it straight away: reporting quickly is always better than staying silent, and you will not be blamed for it.

## Handling information

- Share customer and employee information only with people who need it for their work, and only through company email and the company's file-sharing service.
- Do not forward work email or files to personal accounts, or keep them on personal cloud storage or USB drives.
- Put printed confidential documents in the locked shredding bins, never in the ordinary recycling.
${
  version === 2
    ? `
## AI tools

- Use only the AI tools listed in the company software catalogue.
- Never enter customer data, colleagues' personal data, passwords, source code or anything marked Confidential into a public AI tool such as a free chatbot.
- Check what an AI tool produces before you rely on it or send it to anyone. You remain responsible for the result.
`
    : ''
}
## Working away from the office

- On public or hotel Wi-Fi, connect to the company VPN before you do anything else.
- Keep your screen out of sight of others, and take calls about confidential matters where you cannot be overheard.
- Never leave a laptop or phone unattended in a vehicle or a public place.

## Lost devices and incidents

${
  version === 2
    ? 'Report a lost or stolen device to the IT Service Desk **within one hour**, day or night, so it can be locked and wiped remotely. Report anything else you think may be a security incident straight away.'
    : 'Report a lost or stolen device, or anything you think may be a security incident, to the IT Service Desk as soon as you can, day or night.'
}

## What is never allowed

- Accessing, storing or sending material that is illegal, harassing, discriminatory or sexually explicit.
- Trying to get into systems or information you have not been given access to, or testing security controls without written permission from Information Security.
- Using company systems to run a private business or to mine cryptocurrency.

## Monitoring

To protect our systems and our customers, the company logs and monitors the use of its devices, networks and accounts, as explained in the Employee Privacy Notice. Monitoring is proportionate and follows the law of the country where you work.

## If this policy is not followed

Not following this policy may lead to access being removed and to disciplinary action. If you are unsure whether something is allowed, ask the IT Service Desk before you do it.
`;

const informationSecurity = `# Information Security Policy

Northwind Logistics protects the information its customers, partners and colleagues trust it with. This policy states our commitments; the Acceptable Use Policy and our security standards explain how to meet them day to day.

## Our commitments

- **Confidentiality:** information is seen only by the people who need it for their work.
- **Integrity:** information is accurate and changed only in authorised ways.
- **Availability:** systems and information are there when our customers and colleagues need them.

## How we keep them

- The leadership team owns this policy and reviews it every year; the Information Security team runs the security programme day to day.
- Access is given on a need-to-know basis, reviewed regularly, and removed promptly when someone changes role or leaves.
- We assess the risks to our information every year and treat them following ISO/IEC 27001.
- Everyone completes security awareness training when they join and every year after, and takes part in simulated phishing exercises.
- Suppliers who handle our information must protect it to the same standard, and their contracts say so.
- We keep backups, test that we can restore them, and have plans to keep operating through a serious incident.

## Your part

- Follow this policy, the Acceptable Use Policy and the standards that apply to your role.
- Report suspected incidents, weaknesses and suspicious messages straight away, to the IT Service Desk or with the Report button. No one is blamed for reporting in good faith.
- Ask the Information Security team whenever you are unsure.

Not following this policy may lead to disciplinary action and, where the law is broken, to legal action.
`;

/**
 * Two policies for the demo company, published by its admin through the policies service (so
 * versions, events and audit entries are real): the acceptable use policy, at version 2 since ten
 * days, and the information security policy. Some people acknowledged version 1 and are asked again,
 * some have acknowledged version 2; the end user acknowledged the security policy and version 1 of
 * the acceptable use policy, so their compliance tab shows both states.
 */
export const seedDemoPolicies = async (tx: Tx, demo: Readonly<{ organizationId: string; adminId: string; endUserId: string }>) => {
  const db = tx as unknown as Db;
  const tenant = await demoTenantOf(tx, demo.organizationId, demo.adminId);
  const acting: PolicyActing = { scope: scopeOf(tenant), actor: personActor(tenant), personId: tenant.personId };
  const now = Date.now();
  const daysAgo = (days: number, minutes = 0) => new Date(now - days * dayMs + minutes * 60_000);

  const aup = await createPolicyAs(
    db,
    acting,
    { title: 'Acceptable Use Policy', description: 'How we use company devices, accounts, email and information, and what to do when something goes wrong.', audience: { kind: 'organization' }, markdown: acceptableUse(1) },
    daysAgo(200),
  );
  const isp = await createPolicyAs(
    db,
    acting,
    { title: 'Information Security Policy', description: 'Our commitments to protect the information customers and colleagues trust us with, and your part in them.', audience: { kind: 'organization' }, markdown: informationSecurity },
    daysAgo(199),
  );

  // Everyone active, in a stable order; the end user's place is set below.
  const staff = (await tx.select({ id: people.id }).from(people).where(and(eq(people.organizationId, demo.organizationId), eq(people.isActive, true))).orderBy(asc(people.id))).map((person) => person.id).filter((id) => id !== demo.endUserId);
  const scope = acting.scope;
  // Spread over the weeks after publication, as people got round to it.
  const spread = (ids: readonly string[], firstDay: number, days: number) => ids.map((personId, index) => ({ personId, acknowledgedAt: daysAgo(firstDay - (index % days), index) }));
  await recordAcknowledgementsAs(db, scope, aup.id, aup.currentVersion!.id, spread([demo.endUserId, ...staff.slice(0, 48)], 195, 30));
  await recordAcknowledgementsAs(db, scope, isp.id, isp.currentVersion!.id, spread([demo.endUserId, ...staff.slice(0, 40)], 190, 25));

  const v2 = await publishMarkdownVersionAs(
    db,
    acting,
    aup.id,
    { markdown: acceptableUse(2), changeNote: 'Adds a section on AI tools, and asks for lost or stolen devices to be reported within one hour so they can be locked and wiped remotely.' },
    daysAgo(10),
  );
  // Some have read version 2 already; the rest (the end user among them) are asked again.
  await recordAcknowledgementsAs(db, scope, aup.id, v2.currentVersion!.id, spread(staff.slice(10, 36), 9, 8));
};
