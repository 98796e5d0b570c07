import { describe, expect, it, vi } from 'vitest';

import { ApiError, createApiClient } from './api-client';

const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const clientAnswering = (response: Response | Error, token = 'session.jwt') => {
  const fetchImpl = vi.fn<typeof fetch>(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  return { api: createApiClient({ getSessionToken: () => token, fetchImpl }), fetchImpl };
};

describe('api client', () => {
  it('sends the session token as a bearer and returns the parsed body', async () => {
    const { api, fetchImpl } = clientAnswering(jsonResponse({ first_name: 'Ada' }));

    await expect(api.get('/api/personal_user_data/')).resolves.toEqual({ first_name: 'Ada' });

    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('/api/personal_user_data/');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer session.jwt');
  });

  it('sends no Authorization header without a session', async () => {
    const { api, fetchImpl } = clientAnswering(jsonResponse({}), '');

    await api.get('/api/client-config/');

    expect(new Headers(fetchImpl.mock.calls[0]![1]?.headers).has('Authorization')).toBe(false);
  });

  it('throws an ApiError with the server’s status, code, message and details', async () => {
    const details = [{ field: 'message', problem: 'must not be empty' }];
    const { api } = clientAnswering(
      jsonResponse({ error: { code: 'VALIDATION_FAILED', message: 'Invalid body', details } }, 400),
    );

    const error = await api.request('/api/submit-feedback/', { method: 'POST', body: {} }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: 'Invalid body', details });
  });

  it('names the status when the answer is not in our error shape (e.g. from a proxy)', async () => {
    const { api } = clientAnswering(new Response('<html>Bad gateway</html>', { status: 502 }));

    await expect(api.get('/api/personal_user_data/')).rejects.toMatchObject({
      status: 502,
      code: 'HTTP_ERROR',
      message: 'HTTP Error! Status: 502',
    });
  });

  it('turns a network failure into a NETWORK_ERROR', async () => {
    const { api } = clientAnswering(new TypeError('Failed to fetch'));

    await expect(api.get('/api/personal_user_data/')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('sends a chosen file as it is, with its own type', async () => {
    const { api, fetchImpl } = clientAnswering(jsonResponse({ pictureFileName: 'logo.png' }));
    const file = new File(['image bytes'], 'logo.png', { type: 'image/png' });

    await api.request('/api/organization/logo/', { method: 'POST', body: file });

    const init = fetchImpl.mock.calls[0]![1]!;
    expect(new Headers(init.headers).get('Content-Type')).toBe('image/png');
    expect(init.body).toBe(file);
  });

  it('downloads a file with the session and the name the server suggests', async () => {
    const { api, fetchImpl } = clientAnswering(
      new Response('time,email\n', { headers: { 'Content-Disposition': 'attachment; filename="login-log-2025-01-02.csv"' } }),
    );

    const { file, fileName } = await api.download('/api/organization/login-logs/?format=csv');

    expect(fileName).toBe('login-log-2025-01-02.csv');
    expect(await file.text()).toBe('time,email\n');
    expect(new Headers(fetchImpl.mock.calls[0]![1]?.headers).get('Authorization')).toBe('Bearer session.jwt');
  });

  it('throws an ApiError when a download is refused', async () => {
    const { api } = clientAnswering(jsonResponse({ error: { code: 'FORBIDDEN', message: 'Admins only' } }, 403));

    await expect(api.download('/api/organization/login-logs/?format=csv')).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });
});
