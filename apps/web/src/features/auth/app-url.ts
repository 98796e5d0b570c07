/**
 * The absolute address of one of this app's pages, for the links the server emails: it accepts
 * only addresses of this app, and the link then opens `{address}?t=<token>`.
 */
export const toAppUrl = (href: string): string => new URL(href, window.location.origin).href;
