import { createModuleRequestBodySchema, ownModuleUploadQuerySchema, scormCommitBodySchema } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';

// PostgreSQL refuses NUL in text and in jsonb: these fields must refuse it as a field error (a 400),
// never let it reach the database (a 500).
describe('training text fields refuse NUL', () => {
  it('in a SCORM commit', () => {
    const result = scormCommitBodySchema.safeParse({ session: 'run-12345', suspendData: 'a\u0000b' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['suspendData']);
    expect(scormCommitBodySchema.safeParse({ session: 'run-12345', suspendData: 'ab', location: 'page-2' }).success).toBe(true);
  });

  it('in an upload title and a module request note', () => {
    expect(ownModuleUploadQuerySchema.safeParse({ title: 'A\u0000b', topic: 'phishing', minutes: '3', languages: 'en_us' }).error?.issues[0]?.path).toEqual(['title']);
    const request = { topic: 'Tailgating', objectives: 'People hold the door for nobody without a badge.', languages: ['en_us'], minutes: 3 };
    expect(createModuleRequestBodySchema.safeParse(request).success).toBe(true);
    expect(createModuleRequestBodySchema.safeParse({ ...request, notes: '\u0000' }).error?.issues[0]?.path).toEqual(['notes']);
  });
});
