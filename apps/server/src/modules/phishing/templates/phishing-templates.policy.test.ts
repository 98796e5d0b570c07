import { describe, expect, it } from 'vitest';
import { refuseTemplateChange, templateAbilities } from './phishing-templates.policy.ts';

describe('the template library policy', () => {
  it.each([
    ['Superadmin', null, { edit: false, copy: true, archive: false }],
    ['Admin', null, { edit: false, copy: true, archive: false }],
    ['Admin', 'org-1', { edit: true, copy: true, archive: true }],
    ['Manager', 'org-1', { edit: false, copy: false, archive: false }],
    ['User', null, { edit: false, copy: false, archive: false }],
  ] as const)('a %s and a template of organisation %s', (role, organizationId, abilities) => {
    expect(templateAbilities({ role }, { organizationId })).toEqual(abilities);
  });

  it('says a built-in is read-only and how to get an editable one', () => {
    expect(refuseTemplateChange({ role: 'Admin' }, { organizationId: null })?.problem).toMatch(/read-only; copy/);
  });
});
