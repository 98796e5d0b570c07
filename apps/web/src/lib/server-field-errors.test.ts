import { describe, expect, it, vi } from 'vitest';

import { ApiError } from './api-client';
import { applyServerFieldErrors, readServerFieldErrors } from './server-field-errors';

const validation = (details: unknown) => new ApiError({ status: 400, code: 'VALIDATION_FAILED', message: 'Invalid', details });

describe('server field errors', () => {
  it('reads the field problems without the body prefix', () => {
    const error = validation([{ field: 'body.name', problem: 'must not be empty' }, { field: 'logo', problem: 'must be an image' }, 'junk']);
    expect(readServerFieldErrors(error)).toEqual([
      { field: 'name', problem: 'must not be empty' },
      { field: 'logo', problem: 'must be an image' },
    ]);
  });

  it('reads them from a conflict or a refusal too, which belong beside their field', () => {
    const conflict = new ApiError({ status: 409, code: 'CONFLICT', message: 'Taken', details: [{ field: 'body.email', problem: 'is already in use' }] });
    expect(readServerFieldErrors(conflict)).toEqual([{ field: 'email', problem: 'is already in use' }]);
  });

  it('finds none in other errors', () => {
    expect(readServerFieldErrors(new ApiError({ status: 403, code: 'FORBIDDEN', message: 'No' }))).toEqual([]);
    expect(readServerFieldErrors(new Error('boom'))).toEqual([]);
  });

  it('puts problems on the form fields it knows, focusing the first', () => {
    const setError = vi.fn();
    const error = validation([{ field: 'body.firstName', problem: 'is empty' }, { field: 'body.lastName', problem: 'is too long' }]);
    expect(applyServerFieldErrors(error, ['firstName', 'lastName'], setError)).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['firstName', { type: 'server', message: 'is empty' }, { shouldFocus: true }],
      ['lastName', { type: 'server', message: 'is too long' }, { shouldFocus: false }],
    ]);
  });

  it('leaves the whole error to the caller when a problem has no field on the form', () => {
    const setError = vi.fn();
    const error = validation([{ field: 'body.lastName', problem: 'is too long' }, { field: 'body.unknown', problem: 'x' }]);
    expect(applyServerFieldErrors(error, ['firstName', 'lastName'], setError)).toBe(false);
    // The field it knows still says what is wrong with it.
    expect(setError).toHaveBeenCalledExactlyOnceWith('lastName', { type: 'server', message: 'is too long' }, { shouldFocus: true });
    expect(applyServerFieldErrors(validation([{ field: 'body.other', problem: 'x' }]), ['firstName'], setError)).toBe(false);
    expect(applyServerFieldErrors(new ApiError({ status: 500, code: 'INTERNAL', message: 'x' }), ['firstName'], setError)).toBe(false);
  });
});
