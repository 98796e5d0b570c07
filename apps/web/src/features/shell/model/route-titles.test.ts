// @vitest-environment node
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

import { generalLanguageCodes } from '../../../lib/languages';
import {
  buildRouteHref,
  getRouteTrail,
  getTitleParams,
  integrationServices,
  matchShellRoute,
  nudgeProducts,
  nudgeStatuses,
  shellRoutes,
} from './routes';

type Catalogue = { [key: string]: string | Catalogue };

const catalogues = import.meta.glob<{ default: Catalogue }>('../../../locales/*/translation.json', { eager: true });

/** A `t` over one language's shell catalogue only: a key it lacks comes back as the key itself. */
const translatorFor = (code: string) => {
  const catalogue = catalogues[`../../../locales/${code}/translation.json`]?.default;
  if (!catalogue) throw new Error(`No catalogue for ${code}`);
  const instance = i18next.createInstance();
  void instance.init({ lng: code, resources: { [code]: { translation: catalogue } }, initAsync: false, interpolation: { escapeValue: false } });
  // Keys here are built at run time, so the compile-time key check of the app's `t` cannot apply.
  const t = instance.t as unknown as (key: string, options?: Record<string, string>) => string;
  return (key: string, options?: Record<string, string>) => t(key, options);
};

// Every value the address may carry for the pages with parameters, in every combination.
const addressesOf = (path: string): string[] => {
  const fills: [string, readonly string[]][] = [
    [':serviceId', integrationServices],
    [':productNudge', nudgeProducts.map((product) => `${product}-nudge`)],
    [':status', nudgeStatuses],
  ];
  return fills.reduce<string[]>(
    (addresses, [name, values]) =>
      addresses.flatMap((address) => (address.includes(name) ? values.map((value) => address.replace(name, value)) : [address])),
    [path],
  );
};

const cases = generalLanguageCodes.flatMap((code) =>
  shellRoutes.flatMap((route) => addressesOf(route.path).map((address) => ({ code, id: route.id, address }))),
);

describe('every page title and breadcrumb comes from the catalogue', () => {
  it('covers every route of the shell model in every language', () => {
    expect(new Set(cases.map(({ id }) => id)).size).toBe(shellRoutes.length);
    expect(new Set(cases.map(({ code }) => code)).size).toBe(14);
  });

  it.each(cases)('$code $address ($id)', ({ code, id, address }) => {
    const t = translatorFor(code);
    const match = matchShellRoute(address);
    expect(match?.route.id).toBe(id);
    const params = getTitleParams(match!.params, (key) => t(key));
    // The address's own text for the parameters: "guardian-nudge" and "guardian", "enabled", "webhooks".
    const rawValues = Object.values(match!.params).flatMap((value) => [value, value.replace(/-nudge$/, '')]);
    for (const route of getRouteTrail(match!.route)) {
      const title = t(route.titleKey, params);
      // A missing key comes back as itself; a missing name leaves a placeholder or a blank behind.
      expect(title, route.titleKey).not.toBe(route.titleKey);
      expect(title.trim(), route.titleKey).not.toBe('');
      expect(title, route.titleKey).not.toMatch(/{{|}}|routeParams\./);
      expect(title, route.titleKey).not.toMatch(/^\s|\s$|\s\s|:\s*$/);
      for (const raw of rawValues) expect(title.split(/[\s:：]+/), `${route.titleKey} shows "${raw}"`).not.toContain(raw);
      expect(buildRouteHref(route, match!.params).startsWith('/')).toBe(true);
    }
  });
});
