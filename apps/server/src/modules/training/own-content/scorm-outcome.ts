import type { ScormCommitBody, ScormVersion } from '@vigil/contracts';

/** What a SCORM commit means for the assignment: finished (passed or completed), failed, or still going; and its score in percent. */
export type ScormOutcome = Readonly<{ result: 'completed' | 'failed' | 'incomplete'; score: number | null }>;

const percent = (value: number) => Math.max(0, Math.min(100, Math.round(value)));

/** A raw score as a percentage of its range (0–100 when the package gives none). */
const rawPercent = (raw: number, min = 0, max = 100) => (max > min ? percent(((raw - min) / (max - min)) * 100) : percent(raw));

/**
 * Reads the outcome from the runtime's values. SCORM 1.2: `cmi.core.lesson_status` passed or
 * completed finishes, failed fails; the score is `cmi.core.score.raw` within min and max. SCORM 2004:
 * `success_status` passed, or `completion_status` completed with no failure, finishes; `success_status`
 * failed fails; the score is `score.scaled` (−1…1) as a percentage, else raw within min and max.
 */
export const scormOutcome = (version: ScormVersion, cmi: ScormCommitBody): ScormOutcome => {
  if (version === '1.2') {
    const status = cmi.lessonStatus?.toLowerCase();
    const score = cmi.scoreRaw === undefined ? null : rawPercent(cmi.scoreRaw, cmi.scoreMin, cmi.scoreMax);
    const result = status === 'passed' || status === 'completed' ? 'completed' : status === 'failed' ? 'failed' : 'incomplete';
    return { result, score };
  }
  const success = cmi.successStatus?.toLowerCase();
  const completion = cmi.completionStatus?.toLowerCase();
  const score = cmi.scoreScaled !== undefined ? percent(cmi.scoreScaled * 100) : cmi.scoreRaw !== undefined ? rawPercent(cmi.scoreRaw, cmi.scoreMin, cmi.scoreMax) : null;
  const result = success === 'failed' ? 'failed' : success === 'passed' || completion === 'completed' ? 'completed' : 'incomplete';
  return { result, score };
};
