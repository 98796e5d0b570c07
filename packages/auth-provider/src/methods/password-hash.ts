import argon2 from 'argon2';

/** argon2id with the library's defaults (64 MiB, 3 passes): ~130 ms here, by design. */
export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });
