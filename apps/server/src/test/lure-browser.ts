import jsQR from 'jsqr';
import type { ParsedMail } from 'mailparser';
import { PNG } from 'pngjs';

/** What a desktop Chrome says it is: the listener's scanner rules must take it for a person. */
export const browserUserAgent = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

const decodeEntities = (value: string) => value.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'");

/** The links a received lure carries to the listener at `listenerUrl`, as a mail client would find them. */
export const readLure = (mail: ParsedMail, listenerUrl: string) => {
  const html = typeof mail.html === 'string' ? mail.html : '';
  const hrefs = [...html.matchAll(/<a\b[^>]*\shref="([^"]+)"/gi)].map((match) => decodeEntities(match[1]!));
  const images = [...html.matchAll(/<img\b[^>]*\ssrc="([^"]+)"/gi)].map((match) => decodeEntities(match[1]!));
  const qrImage = images.find((src) => src.startsWith('data:image/png;base64,'));
  const attachment = mail.attachments[0];
  const attachmentHrefs = attachment?.contentType.startsWith('text/html')
    ? [...attachment.content.toString('utf8').matchAll(/<a\b[^>]*\shref="([^"]+)"/gi)].map((match) => decodeEntities(match[1]!))
    : [];
  return {
    link: hrefs.find((href) => href.startsWith(`${listenerUrl}/c/`)),
    openPixel: images.find((src) => src.startsWith(`${listenerUrl}/o/`)),
    /** The address the QR image holds, read from its pixels as a phone camera would. */
    qrCode: qrImage ? decodeQrCode(Buffer.from(qrImage.slice('data:image/png;base64,'.length), 'base64')) : undefined,
    attachmentLink: attachmentHrefs.find((href) => href.startsWith(`${listenerUrl}/a/`)),
  };
};

const decodeQrCode = (png: Buffer) => {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
};

/**
 * A person's browser, over real HTTP: follows redirects, renders the page (loads its beacon, as
 * every browser loads images), and fills in forms.
 */
export const browser = {
  /** Opens an address; `render: false` follows the redirects but never loads the page's images (a link checker). */
  open: async (url: string, { render = true, headers = {} }: { render?: boolean; headers?: Record<string, string> } = {}) => {
    const response = await fetch(url, { headers: { 'user-agent': browserUserAgent, ...headers } });
    const html = await response.text();
    const beacon = /<img class="beacon" src="([^"]+)"/.exec(html)?.[1];
    if (render && beacon) await (await fetch(new URL(decodeEntities(beacon), response.url), { headers: { 'user-agent': browserUserAgent } })).arrayBuffer();
    return { status: response.status, url: response.url, html };
  },
  /** Loads an image (the open pixel). */
  image: async (url: string) => (await fetch(url, { headers: { 'user-agent': browserUserAgent } })).status,
  /** Fills every input of the page's form (`values` by name, anything else with "x") and submits it. */
  submitForm: async (page: { url: string; html: string }, values: Record<string, string>) => {
    const form = /<form\b[^>]*\saction="([^"]+)"[^>]*>([\s\S]*?)<\/form>/i.exec(page.html);
    if (!form) throw new Error(`no form on ${page.url}`);
    const names = [...form[2]!.matchAll(/<input\b[^>]*\sname="([^"]+)"/gi)].map((match) => match[1]!);
    const body = new URLSearchParams(names.map((name): [string, string] => [name, values[name] ?? 'x']));
    const response = await fetch(new URL(decodeEntities(form[1]!), page.url), {
      method: 'POST',
      headers: { 'user-agent': browserUserAgent, 'content-type': 'application/x-www-form-urlencoded' },
      body,
      redirect: 'follow',
    });
    await response.arrayBuffer();
    return { status: response.status, url: response.url, fields: names };
  },
};

/** Runs `task` for every item, `concurrency` at a time. */
export const forEachLimited = async <T>(items: readonly T[], concurrency: number, task: (item: T) => Promise<void>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
};
