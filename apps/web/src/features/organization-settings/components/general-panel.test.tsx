import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OrganizationSettings } from '@vigil/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createFakeAuthSdk } from '../../../testing/fake-auth-sdk';
import { json } from '../../../testing/signed-in';
import { renderRoutes } from '../../../testing/test-utils';
import { GeneralPanel } from './general-panel';

const settings: OrganizationSettings = {
  id: '0b7d9e2c-6f1a-4c3b-9d8e-7f6a5b4c3d2e',
  name: 'Northwind Logistics',
  domain: 'northwind-logistics.example',
  pictureFileName: '',
  timeZone: 'Europe/London',
};

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/** Our API at the fetch level, by "METHOD path"; anything else answers 404 in the API's shape. */
const serve = (handlers: Record<string, Handler>) => {
  const server = vi.fn<typeof fetch>(async (input, init) => {
    const handler = handlers[`${init?.method ?? 'GET'} ${String(input)}`];
    return handler ? handler(init) : json({ error: { code: 'NOT_FOUND', message: 'No such route' } }, 404);
  });
  vi.stubGlobal('fetch', server);
  return server;
};

const renderPanel = () => {
  const onOrganizationChanged = vi.fn();
  const fake = createFakeAuthSdk();
  fake.signIn(undefined, 'session.jwt');
  renderRoutes([{ path: '/', Component: () => <GeneralPanel onOrganizationChanged={onOrganizationChanged} /> }], '/', { sdk: fake.sdk });
  return { onOrganizationChanged };
};

const calls = (server: ReturnType<typeof serve>, method: string) => server.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);

describe('GeneralPanel: the name', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the name and the fixed domain', async () => {
    serve({ 'GET /api/organization/': () => json(settings) });
    renderPanel();
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Northwind Logistics');
    expect(screen.getByRole('textbox', { name: 'Email domain' })).toHaveAttribute('readonly');
    expect(screen.getByText(/No logo yet/)).toBeInTheDocument();
  });

  it('refuses an empty name in the browser, on the field, and sends nothing', async () => {
    const server = serve({ 'GET /api/organization/': () => json(settings) });
    renderPanel();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription("Enter the organization's name."));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(calls(server, 'PATCH')).toHaveLength(0);
  });

  it("puts the server's field problem on the field", async () => {
    serve({
      'GET /api/organization/': () => json(settings),
      'PATCH /api/organization/': () =>
        json({ error: { code: 'VALIDATION_FAILED', message: 'body.name: is taken', details: [{ field: 'body.name', problem: 'is already used by another organization' }] } }, 400),
    });
    renderPanel();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    fireEvent.change(name, { target: { value: 'Acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('is already used by another organization'));
  });

  it('saves the trimmed name, says so, and tells the page so the top bar can refresh', async () => {
    const server = serve({
      'GET /api/organization/': () => json(settings),
      'PATCH /api/organization/': (init) => json({ ...settings, name: JSON.parse(String(init?.body)).name }),
    });
    const { onOrganizationChanged } = renderPanel();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    fireEvent.change(name, { target: { value: '  Northwind Logistics Group ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The organization name is saved.');
    expect(JSON.parse(String(calls(server, 'PATCH')[0]![1]!.body))).toEqual({ name: 'Northwind Logistics Group' });
    expect(name).toHaveValue('Northwind Logistics Group');
    expect(onOrganizationChanged).toHaveBeenCalledOnce();
  });
});

describe('GeneralPanel: the time zone', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the organisation’s zone and saves another one picked from the list by city', async () => {
    const server = serve({
      'GET /api/organization/': () => json(settings),
      'PATCH /api/organization/': (init) => json({ ...settings, timeZone: JSON.parse(String(init?.body)).timeZone }),
    });
    renderPanel();
    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveValue('Europe/London');
    fireEvent.focus(zone);
    fireEvent.change(zone, { target: { value: 'new york' } });
    fireEvent.click(await screen.findByRole('option', { name: /^America\/New York/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save time zone' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The time zone is saved.');
    expect(JSON.parse(String(calls(server, 'PATCH')[0]![1]!.body))).toEqual({ timeZone: 'America/New_York' });
    expect(zone).toHaveValue('America/New York');
  });

  it('says when no zone matches what was typed', async () => {
    serve({ 'GET /api/organization/': () => json(settings) });
    renderPanel();
    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    fireEvent.focus(zone);
    fireEvent.change(zone, { target: { value: 'Atlantis' } });
    expect(await screen.findByText('No time zone found')).toBeInTheDocument();
  });

  it("puts the server's problem on the field", async () => {
    serve({
      'GET /api/organization/': () => json(settings),
      'PATCH /api/organization/': () =>
        json({ error: { code: 'VALIDATION_FAILED', message: 'bad', details: [{ field: 'body.timeZone', problem: 'must be an IANA time zone, like Europe/London or America/New_York' }] } }, 400),
    });
    renderPanel();
    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    fireEvent.focus(zone);
    fireEvent.change(zone, { target: { value: 'paris' } });
    fireEvent.click(await screen.findByRole('option', { name: /^Europe\/Paris/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save time zone' }));
    await waitFor(() => expect(zone).toHaveAccessibleDescription('must be an IANA time zone, like Europe/London or America/New_York'));
  });
});

describe('GeneralPanel: the logo', () => {
  // jsdom has no object URLs; the preview only needs one to point at.
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  // The PNG signature and the start of its header: what the browser and the server check.
  const pngBytes = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
  const choose = (file: File) => fireEvent.change(screen.getByTestId('organization-logo-input'), { target: { files: [file] } });

  it('refuses a file that is not an image, or too large, before sending it', async () => {
    const server = serve({ 'GET /api/organization/': () => json(settings) });
    renderPanel();
    await screen.findByRole('button', { name: 'Choose an image…' });

    choose(new File(['notes'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('notes.txt is not a PNG, JPEG, WebP or SVG image. Choose an image file.');

    choose(new File([new Uint8Array(1.5 * 1024 * 1024)], 'huge.png', { type: 'image/png' }));
    expect(screen.getByRole('alert')).toHaveTextContent('huge.png is 1.5 MB; logos can be at most 1 MB.');
    expect(screen.queryByRole('img', { name: 'Preview of the chosen logo' })).not.toBeInTheDocument();
    expect(calls(server, 'POST')).toHaveLength(0);
  });

  it('refuses a file that is not an image though named and typed as one, instead of previewing it', async () => {
    const server = serve({ 'GET /api/organization/': () => json(settings) });
    renderPanel();
    await screen.findByRole('button', { name: 'Choose an image…' });

    choose(new File(['Quarterly notes, not a picture'], 'renamed.png', { type: 'image/png' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('renamed.png is not a PNG, JPEG, WebP or SVG image. Choose an image file.');
    expect(screen.queryByRole('img', { name: 'Preview of the chosen logo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save logo' })).not.toBeInTheDocument();
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    expect(calls(server, 'POST')).toHaveLength(0);
  });

  it('previews a chosen image, uploads it as the body, then shows the stored logo', async () => {
    const server = serve({
      'GET /api/organization/': () => json(settings),
      'POST /api/organization/logo/': () => json({ ...settings, pictureFileName: 'northwind-0b7d9e2c-0123456789ab.png' }),
    });
    const { onOrganizationChanged } = renderPanel();
    await screen.findByRole('button', { name: 'Choose an image…' });
    const file = new File([pngBytes], 'logo.png', { type: 'image/png' });
    choose(file);

    expect(await screen.findByRole('img', { name: 'Preview of the chosen logo' })).toHaveAttribute('src', 'blob:preview');
    fireEvent.click(screen.getByRole('button', { name: 'Save logo' }));

    expect(await screen.findByRole('status')).toHaveTextContent('The new logo is saved.');
    const [, init] = calls(server, 'POST')[0]!;
    expect(init?.body).toBe(file);
    expect(new Headers(init?.headers).get('Content-Type')).toBe('image/png');
    expect(screen.getByRole('img', { name: 'Current logo' })).toHaveAttribute('src', '/cdn/company-logos/northwind-0b7d9e2c-0123456789ab.png');
    expect(onOrganizationChanged).toHaveBeenCalledOnce();
  });

  it("shows the server's reason when it refuses the image", async () => {
    serve({
      'GET /api/organization/': () => json(settings),
      'POST /api/organization/logo/': () =>
        json({ error: { code: 'VALIDATION_FAILED', message: 'logo: bad', details: [{ field: 'logo', problem: 'must be a PNG, JPEG, WebP or SVG image' }] } }, 400),
    });
    renderPanel();
    await screen.findByRole('button', { name: 'Choose an image…' });
    choose(new File([pngBytes], 'broken.png', { type: 'image/png' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save logo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The logo could not be saved: must be a PNG, JPEG, WebP or SVG image');
  });

  it('removes the current logo', async () => {
    const withLogo = { ...settings, pictureFileName: 'northwind-0b7d9e2c-0123456789ab.svg' };
    serve({ 'GET /api/organization/': () => json(withLogo), 'DELETE /api/organization/logo/': () => json(settings) });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove logo' }));
    const logoSection = screen.getByRole('region', { name: 'Logo' });
    expect(await within(logoSection).findByRole('status')).toHaveTextContent('The logo is removed.');
    expect(within(logoSection).getByText(/No logo yet/)).toBeInTheDocument();
  });
});
