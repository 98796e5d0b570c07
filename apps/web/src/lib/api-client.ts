import type { ApiErrorBody, ErrorCode } from '@vigil/contracts';
import { createContext, useContext } from 'react';

/** Codes the client adds for failures that never reached (or never came back from) our error handler. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'HTTP_ERROR' | 'INVALID_RESPONSE';

/** A failed call to our API, with the server's error code (style guide §4). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode | ClientErrorCode;
  readonly details: unknown;

  constructor(init: {
    status: number;
    code: ErrorCode | ClientErrorCode;
    message: string;
    details?: unknown;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
  }
}

/** The words of a failure to show a person: the server's message of an ApiError, or any error's own. */
export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

// Checked by hand: the error body is tiny, and zod stays out of the start-up bundle.
const readErrorBody = (body: unknown): ApiErrorBody['error'] | null => {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const { error } = body;
  if (typeof error !== 'object' || error === null) return null;
  if (!('code' in error) || typeof error.code !== 'string') return null;
  if (!('message' in error) || typeof error.message !== 'string') return null;
  return {
    code: error.code as ErrorCode,
    message: error.message,
    details: 'details' in error ? error.details : undefined,
  };
};

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a Blob (a chosen file) is sent as it is, with its own type. */
  body?: unknown;
  signal?: AbortSignal;
  /** Lets the request outlive the page (a last save as the person leaves it). */
  keepalive?: boolean;
};

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * Calls our own API (same origin, paths starting with /api/) with the current session.
 * @param getSessionToken read on every call, so a token the SDK has just refreshed is used at once
 */
export const createApiClient = ({
  getSessionToken,
  fetchImpl = (...args) => fetch(...args),
}: {
  getSessionToken: () => string | null | undefined;
  fetchImpl?: typeof fetch;
}) => {
  /**
   * @returns the parsed JSON body of a 2xx answer (undefined for an empty one)
   * @throws ApiError for a non-2xx answer (with the server's code), a network failure or a non-JSON body
   */
  const request = async (path: string, { method = 'GET', body, signal, keepalive }: RequestOptions = {}): Promise<unknown> => {
    const headers = new Headers({ Accept: 'application/json' });
    const token = getSessionToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const isFile = body instanceof Blob;
    if (body !== undefined) headers.set('Content-Type', isFile ? body.type || 'application/octet-stream' : 'application/json');

    let response: Response;
    try {
      response = await fetchImpl(path, {
        method,
        headers,
        body: body === undefined ? undefined : isFile ? body : JSON.stringify(body),
        signal,
        ...(keepalive ? { keepalive } : {}),
      });
    } catch (error) {
      // A cancelled request is not a failure: TanStack Query cancels on unmount.
      if (signal?.aborted) throw error;
      throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network error', cause: error });
    }

    const text = await response.text();
    const parsed = text === '' ? undefined : parseJson(text);

    if (!response.ok) {
      const error = readErrorBody(parsed);
      throw error
        ? new ApiError({ status: response.status, ...error })
        : // The spec's wording (§8) for an answer without our error shape, e.g. from a proxy.
          new ApiError({ status: response.status, code: 'HTTP_ERROR', message: `HTTP Error! Status: ${response.status}` });
    }
    if (text !== '' && parsed === undefined) {
      throw new ApiError({ status: response.status, code: 'INVALID_RESPONSE', message: 'The server answered with invalid JSON' });
    }
    return parsed;
  };

  /**
   * Downloads a file the API serves as an attachment (a CSV export), with the session.
   * @returns the file and the name the server suggested
   * @throws ApiError as `request` does
   */
  const download = async (path: string, { signal }: { signal?: AbortSignal } = {}): Promise<{ file: Blob; fileName: string | null }> => {
    const headers = new Headers();
    const token = getSessionToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    let response: Response;
    try {
      response = await fetchImpl(path, { headers, signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network error', cause: error });
    }
    if (!response.ok) {
      const error = readErrorBody(parseJson(await response.text()));
      throw error
        ? new ApiError({ status: response.status, ...error })
        : new ApiError({ status: response.status, code: 'HTTP_ERROR', message: `HTTP Error! Status: ${response.status}` });
    }
    const disposition = response.headers.get('Content-Disposition') ?? '';
    const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
    return { file: await response.blob(), fileName };
  };

  /**
   * Sends a file as the raw body with XMLHttpRequest, which (unlike fetch) reports how much of it
   * has gone: `onProgress` gets 0…1 as it uploads.
   * @returns the parsed JSON body of a 2xx answer
   * @throws ApiError as `request` does
   */
  const upload = (path: string, file: Blob, { contentType, onProgress, signal }: { contentType: string; onProgress?: (fraction: number) => void; signal?: AbortSignal }) =>
    new Promise<unknown>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', path);
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.setRequestHeader('Content-Type', contentType);
      const token = getSessionToken();
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
      };
      xhr.onload = () => {
        const text = xhr.responseText;
        const parsed = text === '' ? undefined : parseJson(text);
        if (xhr.status < 200 || xhr.status >= 300) {
          const error = readErrorBody(parsed);
          reject(error ? new ApiError({ status: xhr.status, ...error }) : new ApiError({ status: xhr.status, code: 'HTTP_ERROR', message: `HTTP Error! Status: ${xhr.status}` }));
          return;
        }
        if (text !== '' && parsed === undefined) reject(new ApiError({ status: xhr.status, code: 'INVALID_RESPONSE', message: 'The server answered with invalid JSON' }));
        else resolve(parsed);
      };
      xhr.onerror = () => reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network error' }));
      xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
      signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(file);
    });

  return {
    request,
    download,
    upload,
    get: (path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request(path, options),
  };
};

export const ApiClientContext = createContext<ApiClient | null>(null);

export const useApiClient = (): ApiClient => {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error('useApiClient needs an <ApiClientContext> above it');
  return client;
};
