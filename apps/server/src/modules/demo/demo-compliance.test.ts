import { and, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { complianceFrameworkChoices, people, trainingCadenceRules } from '@vigil/db';
import { findFramework } from '../compliance/frameworks/framework-catalogue.ts';
import { useTestApp } from '../../test/test-app.ts';
import { seedDemo } from './demo-seed.ts';

const t = useTestApp();

describe('the demo’s compliance', () => {
  it('has Northwind follow ISO 27001 and the GDPR, with the cadence rules choosing them makes', async () => {
    await seedDemo(t.db);
    const [owen] = await t.db.select().from(people).where(eq(people.email, 'owen.fletcher@northwind-logistics.example'));
    const organizationId = owen!.organizationId;
    const choices = await t.db.select().from(complianceFrameworkChoices).where(eq(complianceFrameworkChoices.organizationId, organizationId));
    expect(choices.map((choice) => [choice.frameworkId, choice.moduleIds.length])).toEqual([
      ['iso27001', findFramework('iso27001')!.moduleSlugs.length],
      ['gdpr', findFramework('gdpr')!.moduleSlugs.length],
    ]);
    const rules = await t.db.select().from(trainingCadenceRules).where(and(eq(trainingCadenceRules.organizationId, organizationId), isNotNull(trainingCadenceRules.frameworkId)));
    const modules = new Set(choices.flatMap((choice) => choice.moduleIds));
    // Shared modules (data classification, file sharing, incident reporting) get each framework's rules.
    expect(rules).toHaveLength(2 * choices.reduce((sum, choice) => sum + choice.moduleIds.length, 0));
    expect(new Set(rules.map((rule) => rule.moduleId))).toEqual(modules);

    const admin = (await t.db.select().from(people).where(and(eq(people.organizationId, organizationId), eq(people.role, 'Admin'))))[0]!;
    const overview = (await t.app.inject({ method: 'GET', url: '/api/compliance/frameworks/', headers: await t.authAs(admin) })).json();
    const iso = overview.frameworks.find((framework: { id: string }) => framework.id === 'iso27001');
    expect(iso.chosen).toBe(true);
    expect(iso.counts.total).toBeGreaterThan(10);
  });
});
