import { createPrivateKey } from 'node:crypto';
import { fieldError } from '../../../lib/app-error.ts';

/** The parts of a Google Cloud service account's JSON key that the sync uses. */
export type ServiceAccountKey = {
  clientEmail: string;
  privateKey: string;
  privateKeyId: string | null;
  /** The numeric OAuth client id: what the Admin console's domain-wide delegation is granted to. */
  clientId: string | null;
};

const field = 'body.serviceAccountKey';
const refuse = (problem: string) => fieldError('VALIDATION_FAILED', field, problem);
const textOf = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * Reads the JSON key file an admin uploads (Google Cloud › IAM › Service accounts › Keys › Add key ›
 * JSON) and checks it is one: of type service_account, with a client email and an RSA private key
 * that Node can load, so a wrong file is refused when saved rather than at the first sync.
 * @throws AppError VALIDATION_FAILED naming body.serviceAccountKey and what is wrong
 */
export const readServiceAccountKey = (json: string): ServiceAccountKey => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw refuse('is not JSON: upload the .json key file Google Cloud downloaded when the key was created');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw refuse('is not a service account key file');
  const key = parsed as Record<string, unknown>;
  if (key.type !== 'service_account') throw refuse(`has type ${JSON.stringify(key.type ?? null)}, not "service_account": create a key for a service account (not an OAuth client)`);
  const clientEmail = textOf(key.client_email);
  if (!clientEmail || !/^[^@\s]+@[^@\s]+$/.test(clientEmail)) throw refuse('has no client_email');
  const privateKey = textOf(key.private_key);
  if (!privateKey) throw refuse('has no private_key');
  try {
    if (createPrivateKey(privateKey).asymmetricKeyType !== 'rsa') throw new Error('not RSA');
  } catch {
    throw refuse('has a private_key that is not an RSA private key in PEM form');
  }
  const clientId = textOf(key.client_id);
  return { clientEmail, privateKey, privateKeyId: textOf(key.private_key_id), clientId: clientId && /^\d{1,40}$/.test(clientId) ? clientId : null };
};
