import { enterpriseSchema, groupSchema, userSchema } from './scim-users.presenter.ts';

/** The most resources one list answers (a larger `count` is cut to it). */
export const maxResults = 200;

/** What this server supports (RFC 7643 §5): PATCH, filters, ETags; no bulk, sorting or password changes. */
export const serviceProviderConfig = (baseUrl: string) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
  patch: { supported: true },
  bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
  filter: { supported: true, maxResults },
  changePassword: { supported: false },
  sort: { supported: false },
  etag: { supported: true },
  authenticationSchemes: [
    {
      type: 'oauthbearertoken',
      name: 'Bearer token',
      description: 'The SCIM token the onboarding wizard issues, as Authorization: Bearer <token>',
      primary: true,
    },
  ],
  meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
});

export const resourceTypes = (baseUrl: string) => [
  {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    description: 'A person of the organisation',
    schema: userSchema,
    schemaExtensions: [{ schema: enterpriseSchema, required: false }],
    meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/User` },
  },
  {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    id: 'Group',
    name: 'Group',
    endpoint: '/Groups',
    description: 'A department of the organisation',
    schema: groupSchema,
    meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/Group` },
  },
];

type Attribute = { name: string; type: string; multiValued?: boolean; required?: boolean; mutability?: string; returned?: string; uniqueness?: string; caseExact?: boolean; subAttributes?: Attribute[]; description?: string };
const attribute = (name: string, type: string, more: Partial<Attribute> = {}): Attribute => ({
  name,
  type,
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...more,
});

/** The attributes Vigil keeps, per schema (RFC 7643 §7); others a client sends are ignored. */
export const schemas = (baseUrl: string) =>
  [
    {
      id: userSchema,
      name: 'User',
      description: 'A person of the organisation',
      attributes: [
        attribute('userName', 'string', { required: true, uniqueness: 'server', description: 'The sign-in name; an email address unless emails gives one' }),
        attribute('name', 'complex', { subAttributes: [attribute('givenName', 'string'), attribute('familyName', 'string'), attribute('formatted', 'string', { mutability: 'readOnly' })] }),
        attribute('displayName', 'string'),
        attribute('title', 'string'),
        attribute('preferredLanguage', 'string', { description: 'One of en-US, fr-FR, de-DE, es-ES, pt-BR, hi-IN, it-IT (the lessons’ languages); others are ignored' }),
        attribute('timezone', 'string', { description: 'An IANA time zone' }),
        attribute('active', 'boolean', { description: 'false (or DELETE) deactivates the person and ends their sessions at once' }),
        attribute('emails', 'complex', { multiValued: true, subAttributes: [attribute('value', 'string'), attribute('type', 'string'), attribute('primary', 'boolean')] }),
        attribute('phoneNumbers', 'complex', { multiValued: true, subAttributes: [attribute('value', 'string', { description: 'E.164' }), attribute('type', 'string')] }),
      ],
    },
    {
      id: enterpriseSchema,
      name: 'EnterpriseUser',
      description: 'Enterprise User',
      attributes: [
        attribute('employeeNumber', 'string'),
        attribute('department', 'string', { description: 'The department, made when it does not exist' }),
        attribute('manager', 'complex', { subAttributes: [attribute('value', 'string', { description: 'The manager’s User id' }), attribute('displayName', 'string', { mutability: 'readOnly' })] }),
      ],
    },
    {
      id: groupSchema,
      name: 'Group',
      description: 'A department of the organisation',
      attributes: [
        attribute('displayName', 'string', { required: true, uniqueness: 'server' }),
        attribute('members', 'complex', { multiValued: true, subAttributes: [attribute('value', 'string', { mutability: 'immutable' }), attribute('display', 'string', { mutability: 'readOnly' })] }),
      ],
    },
  ].map((schema) => ({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'], ...schema, meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${schema.id}` } }));
