import { describe, expect, it } from 'vitest';
import { scormOutcome } from './scorm-outcome.ts';

const session = 'run-12345';

describe('scormOutcome', () => {
  it.each([
    [{ lessonStatus: 'passed', scoreRaw: 85 }, { result: 'completed', score: 85 }],
    [{ lessonStatus: 'completed' }, { result: 'completed', score: null }],
    [{ lessonStatus: 'failed', scoreRaw: 12, scoreMin: 0, scoreMax: 20 }, { result: 'failed', score: 60 }],
    [{ lessonStatus: 'incomplete', scoreRaw: 140 }, { result: 'incomplete', score: 100 }],
    [{ lessonStatus: 'browsed' }, { result: 'incomplete', score: null }],
  ])('SCORM 1.2 %j → %j', (cmi, expected) => expect(scormOutcome('1.2', { session, ...cmi })).toEqual(expected));

  it.each([
    [{ completionStatus: 'completed', successStatus: 'passed', scoreScaled: 0.9, scoreRaw: 45 }, { result: 'completed', score: 90 }],
    [{ completionStatus: 'completed', successStatus: 'unknown' }, { result: 'completed', score: null }],
    [{ completionStatus: 'completed', successStatus: 'failed', scoreScaled: 0.3 }, { result: 'failed', score: 30 }],
    [{ completionStatus: 'incomplete', successStatus: 'passed', scoreRaw: 7, scoreMax: 10 }, { result: 'completed', score: 70 }],
    [{ completionStatus: 'incomplete', scoreScaled: -0.5 }, { result: 'incomplete', score: 0 }],
  ])('SCORM 2004 %j → %j', (cmi, expected) => expect(scormOutcome('2004', { session, ...cmi })).toEqual(expected));
});
