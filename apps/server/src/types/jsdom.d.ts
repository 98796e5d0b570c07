// jsdom ships no types and @types/jsdom is not installed: the little of it the server uses (a
// window for DOMPurify to parse SVG logos in). The server compiles without the DOM library, so
// the window stays untyped.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { contentType?: string });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    readonly window: any;
  }
}
