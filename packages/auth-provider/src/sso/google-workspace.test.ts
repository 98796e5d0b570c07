// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { googleWorkspaceRefusal } from './sso-sign-in.ts';

describe('a Google Workspace connection over OpenID Connect', () => {
  const google = { oidcIssuer: 'https://accounts.google.com', domains: ['harborpike.example'] };

  it('takes an account of the organisation’s Workspace (its hosted domain is one of the connection’s)', () => {
    expect(googleWorkspaceRefusal(google, 'harborpike.example')).toBeUndefined();
    expect(googleWorkspaceRefusal({ ...google, oidcIssuer: 'https://accounts.google.com/' }, 'HarborPike.example')).toBeUndefined();
  });

  it('refuses a personal Google account (no hosted domain) and another company’s Workspace', () => {
    expect(googleWorkspaceRefusal(google, undefined)).toMatch(/outside any Workspace/);
    expect(googleWorkspaceRefusal(google, 'other-company.example')).toMatch(/other-company\.example is not a domain/);
    expect(googleWorkspaceRefusal({ ...google, domains: [] }, 'harborpike.example')).toBeDefined();
  });

  it('asks nothing of other issuers, whose accounts belong to the organisation’s own tenant', () => {
    expect(googleWorkspaceRefusal({ oidcIssuer: 'https://harborpike.okta.com', domains: [] }, undefined)).toBeUndefined();
    expect(googleWorkspaceRefusal({ oidcIssuer: null, domains: [] }, undefined)).toBeUndefined();
  });
});
