import type { Readable } from 'node:stream';

/** At most this many field names are kept, each at most this many bytes: a landing page has a handful. */
const maxFields = 24;
const maxNameBytes = 64;

const decodeName = (bytes: number[]) => {
  try {
    return decodeURIComponent(Buffer.from(bytes).toString('latin1').replace(/\+/g, ' ')).trim();
  } catch {
    return undefined;
  }
};

/**
 * Reads an `application/x-www-form-urlencoded` body as it streams in and keeps only the names of the
 * fields that were filled in. Values are skipped byte by byte and never become strings, so a password
 * typed into a landing page exists in this process only as the socket's buffers, which are zeroed
 * once read. A value of only spaces (`+`, `%20`) counts as empty.
 */
export const readFilledFieldNames = async (body: Readable, byteLimit: number): Promise<string[]> => {
  const filled = new Set<string>();
  let name: number[] = [];
  let inValue = false;
  let valueFilled = false;
  // Inside a %XX escape of a value: the hex digits seen so far.
  let escape: number[] | undefined;
  let total = 0;

  const endField = () => {
    if (inValue && valueFilled && name.length > 0 && filled.size < maxFields) {
      const text = decodeName(name);
      if (text && /^[A-Za-z0-9_.\-[\]]{1,64}$/.test(text)) filled.add(text);
    }
    name = [];
    inValue = false;
    valueFilled = false;
    escape = undefined;
  };

  for await (const chunk of body as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > byteLimit) {
      chunk.fill(0);
      throw Object.assign(new Error('The form is too large'), { statusCode: 413 });
    }
    for (const byte of chunk) {
      if (byte === 0x26 /* & */) endField();
      else if (!inValue && byte === 0x3d /* = */) inValue = true;
      else if (!inValue) {
        if (name.length < maxNameBytes) name.push(byte);
      } else if (!valueFilled) {
        if (escape) {
          escape.push(byte);
          if (escape.length === 2) {
            // %20 is a space; any other escaped byte is content.
            if (!(escape[0] === 0x32 && escape[1] === 0x30)) valueFilled = true;
            escape = undefined;
          }
        } else if (byte === 0x25 /* % */) escape = [];
        else if (byte !== 0x2b /* + */) valueFilled = true;
      }
    }
    // What was typed must not linger in a pooled buffer.
    chunk.fill(0);
  }
  endField();
  return [...filled].sort();
};
