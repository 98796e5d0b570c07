import { targetDifficulty } from '../adaptive/skill-rating.ts';
import { shuffle } from './send-schedule.ts';

export type AssignableTemplate = Readonly<{ id: string; difficulty: number; languages: readonly string[] }>;
export type AssignableRecipient = Readonly<{ personId: string; groupKey: string; language: string; rating?: number }>;

/**
 * Which lure each recipient gets, from the campaign's set.
 * - Colleagues differ: within a group (a department), lures are dealt in turn from a shuffled
 *   order, so neighbours rarely get the same mail and cannot warn each other by its subject.
 * - A recipient gets a lure written in their language when the set has one.
 * - Adaptive: a recipient gets a lure as close as the set allows to the difficulty their skill
 *   rating aims at (skill-rating.ts), dealt in turn among equally close ones.
 * @param random a source of numbers in [0, 1) (seeded in tests)
 */
export const assignTemplates = (
  recipients: readonly AssignableRecipient[],
  templates: readonly AssignableTemplate[],
  { adaptive, random }: { adaptive: boolean; random: () => number },
): Map<string, string> => {
  const order = shuffle(templates, random);
  const dealt = new Map<string, number>();
  const assignment = new Map<string, string>();
  for (const recipient of recipients) {
    let candidates = order.filter((template) => template.languages.includes(recipient.language));
    if (candidates.length === 0) candidates = order;
    if (adaptive) {
      const target = targetDifficulty(recipient.rating ?? 1000);
      const closest = Math.min(...candidates.map((template) => Math.abs(template.difficulty - target)));
      candidates = candidates.filter((template) => Math.abs(template.difficulty - target) === closest);
    }
    // Each group starts at its own place in the order, then deals in turn.
    const key = `${recipient.groupKey}|${candidates.map((template) => template.id).join(',')}`;
    const turn = dealt.get(key) ?? Math.floor(random() * candidates.length);
    dealt.set(key, turn + 1);
    assignment.set(recipient.personId, candidates[turn % candidates.length]!.id);
  }
  return assignment;
};
