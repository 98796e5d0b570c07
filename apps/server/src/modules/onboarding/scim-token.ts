import { createHash, randomBytes } from 'node:crypto';

// A recognisable prefix lets secret scanners (and people) tell what a leaked token is.
const tokenPrefix = 'vigil_scim_';

/** A new SCIM bearer token: 32 random bytes. Only its hash and last four characters are stored. */
export const generateScimToken = () => {
  const token = `${tokenPrefix}${randomBytes(32).toString('base64url')}`;
  return { token, tokenHash: hashScimToken(token), lastFour: token.slice(-4) };
};

/** SHA-256 is enough here: the token has 256 bits of entropy, so it cannot be guessed from its hash. */
export const hashScimToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
