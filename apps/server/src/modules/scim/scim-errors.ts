/** SCIM's error shape (RFC 7644 §3.12): an HTTP status, a `scimType` for 400s and 409s, and a detail for people. */
export const scimErrorSchema = 'urn:ietf:params:scim:api:messages:2.0:Error';

export type ScimType =
  | 'invalidFilter'
  | 'tooMany'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue'
  | 'invalidVers'
  | 'sensitive';

export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
  }

  get body() {
    return { schemas: [scimErrorSchema], status: String(this.status), ...(this.scimType ? { scimType: this.scimType } : {}), detail: this.detail };
  }
}

export const invalidValue = (detail: string) => new ScimError(400, detail, 'invalidValue');
export const invalidSyntax = (detail: string) => new ScimError(400, detail, 'invalidSyntax');
export const scimNotFound = (what: 'User' | 'Group', id: string) => new ScimError(404, `${what} ${id} not found`);

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Organisations, people and departments are UUIDs: anything else names nothing (a 404 or 401, never a database error). */
export const isUuid = (id: string) => uuidPattern.test(id);
