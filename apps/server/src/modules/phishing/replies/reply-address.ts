/**
 * The address a reply lure asks for an answer at: the sending profile's reply-to (or sender) address
 * with `+<code>` added to its local part, `<code>` being the recipient's tracking token in lower-case
 * base32, so a mail server or person that changes the case of an address still reaches the same
 * recipient. The inbound SMTP listener turns the code back into the token and finds the recipient by
 * the token's hash, as the tracking links do. Pure.
 */
const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
/** 16 bytes (a tracking token) in base32, without padding. */
const codeLength = 26;

const toBase32 = (bytes: Buffer) => {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
};

const fromBase32 = (code: string): Buffer | undefined => {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of code) {
    const digit = alphabet.indexOf(char);
    if (digit < 0) return undefined;
    value = ((value << 5) | digit) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
};

/** The reply code of a tracking token (base64url of 16 bytes). */
export const replyCodeOf = (token: string) => toBase32(Buffer.from(token, 'base64url'));

/** The tracking token a reply code stands for, or undefined for anything that is not one (in any letter case). */
export const tokenOfReplyCode = (code: string): string | undefined => {
  const lower = code.toLowerCase();
  if (lower.length !== codeLength) return undefined;
  const bytes = fromBase32(lower);
  // Only the canonical spelling counts (the last letter's two spare bits zero), so a token has one code.
  if (!bytes || bytes.length !== 16 || toBase32(bytes) !== lower) return undefined;
  return bytes.toString('base64url');
};

/** `local+<code>@domain` for `local@domain` (a `+tag` it already has is replaced). */
export const replyAddressFor = (address: string, token: string) => {
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at).split('+')[0];
  return `${local}+${replyCodeOf(token)}@${address.slice(at + 1)}`;
};

/** The tracking token an address of `replyAddressFor` carries, or undefined. */
export const tokenOfReplyAddress = (address: string): string | undefined => {
  const at = address.lastIndexOf('@');
  if (at < 0) return undefined;
  const local = address.slice(0, at);
  const plus = local.lastIndexOf('+');
  return plus < 0 ? undefined : tokenOfReplyCode(local.slice(plus + 1));
};
