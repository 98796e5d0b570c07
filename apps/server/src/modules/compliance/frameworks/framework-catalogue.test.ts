import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { attackVectors, complianceFrameworkIds } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { findFramework, frameworkCatalogue } from './framework-catalogue.ts';

const lessonsFolder = fileURLToPath(new URL('../../../../../../content/training-modules/', import.meta.url));

describe('the compliance framework catalogue', () => {
  it('has exactly the frameworks the contract names, each once', () => {
    expect(frameworkCatalogue.map((framework) => framework.id).sort()).toEqual([...complianceFrameworkIds].sort());
    for (const id of complianceFrameworkIds) expect(findFramework(id)?.id).toBe(id);
    expect(findFramework('sox')).toBeUndefined();
  });

  it.each(frameworkCatalogue.map((framework) => [framework.id, framework] as const))('%s names built-in lessons that exist, and says what each clause asks and how Vigil evidences it', (_, framework) => {
    expect(framework.moduleSlugs.length).toBeGreaterThan(0);
    expect(new Set(framework.moduleSlugs).size).toBe(framework.moduleSlugs.length);
    for (const slug of framework.moduleSlugs) expect(existsSync(`${lessonsFolder}${slug}/lesson.json`), slug).toBe(true);
    for (const vector of framework.simulationVectors) expect(attackVectors).toContain(vector);
    expect(framework.clauses.length).toBeGreaterThan(0);
    for (const clause of framework.clauses) {
      expect(clause.reference).not.toBe('');
      expect(clause.asks.length).toBeGreaterThan(40);
      expect(clause.evidence.length).toBeGreaterThan(30);
    }
    expect(framework.cadence).toEqual({ annual: true, onHire: true, periodMonths: 12 });
  });

  it('maps the clauses the issue names', () => {
    const references = (id: string) => findFramework(id)!.clauses.map((clause) => clause.reference);
    expect(references('iso27001')).toContain('A.6.3');
    expect(references('nist-800-53')).toEqual(expect.arrayContaining(['AT-2', 'AT-2(2)', 'AT-2(3)', 'AT-3', 'AT-4']));
    expect(references('pci-dss')).toEqual(['12.6.1', '12.6.2', '12.6.3', '12.6.3.1', '12.6.3.2']);
    expect(references('hipaa')).toEqual(expect.arrayContaining(['164.308(a)(5)(i)', '164.308(a)(5)(ii)(D)']));
    expect(references('soc2')).toEqual(['CC1.4', 'CC2.2']);
    expect(references('gdpr')).toEqual(['Art. 39(1)(b)']);
    expect(references('nis2')).toEqual(['Art. 20(2)', 'Art. 21(2)(g)']);
    expect(references('dora')).toEqual(['Art. 13(6)']);
    expect(findFramework('hipaa')!.moduleSlugs).toEqual(expect.arrayContaining(['passwords', 'phishing-basics', 'ransomware', 'incident-reporting']));
    expect(findFramework('pci-dss')!.moduleSlugs).toEqual(expect.arrayContaining(['phishing-basics', 'lookalike-domains', 'bec-payment-fraud']));
  });
});
