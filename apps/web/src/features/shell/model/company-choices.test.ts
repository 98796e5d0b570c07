import { describe, expect, it } from 'vitest';

import { buildCompanyChoices } from './company-choices';

const companies = [
  { id: 'bluefin', name: 'Bluefin Health' },
  { id: 'northwind', name: 'Northwind Logistics' },
];
const userTenants = [
  { tenantId: 'msp', tenantName: 'Vigil Demo Managed Services' },
  { tenantId: 'northwind', tenantName: 'Northwind Logistics' },
  { tenantId: 'bluefin', tenantName: 'Bluefin Health' },
];

describe('buildCompanyChoices', () => {
  it('offers the operator’s own organisation (the tenant that is not a client) and the clients in the list’s order', () => {
    expect(buildCompanyChoices({ companies, userTenants, currentTenantId: '' })).toEqual({
      home: { id: 'msp', name: 'Vigil Demo Managed Services' },
      clients: companies,
      currentId: 'msp',
    });
  });

  it('marks the selected client as current', () => {
    expect(buildCompanyChoices({ companies, userTenants, currentTenantId: 'northwind' }).currentId).toBe('northwind');
  });

  it('marks their own organisation as current when the session selected it explicitly', () => {
    expect(buildCompanyChoices({ companies, userTenants, currentTenantId: 'msp' }).currentId).toBe('msp');
  });

  it('offers no way home when the provider did not name the tenants, and marks nothing unknown as current', () => {
    expect(buildCompanyChoices({ companies, userTenants: [], currentTenantId: '' })).toEqual({
      home: null,
      clients: companies,
      currentId: '',
    });
    expect(buildCompanyChoices({ companies, userTenants, currentTenantId: 'elsewhere' }).currentId).toBe('');
  });
});
