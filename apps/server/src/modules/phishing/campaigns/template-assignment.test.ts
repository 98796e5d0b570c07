import { describe, expect, it } from 'vitest';
import { seededRandom } from './send-schedule.ts';
import { type AssignableRecipient, type AssignableTemplate, assignTemplates } from './template-assignment.ts';

const templates: AssignableTemplate[] = [
  { id: 'easy', difficulty: 1, languages: ['en_us'] },
  { id: 'medium', difficulty: 3, languages: ['en_us', 'fr_fr'] },
  { id: 'hard', difficulty: 5, languages: ['en_us', 'de_de'] },
];
const department = (name: string, size: number, extra: Partial<AssignableRecipient> = {}): AssignableRecipient[] =>
  Array.from({ length: size }, (_, i) => ({ personId: `${name}-${i}`, groupKey: name, language: 'en_us', ...extra }));

describe('assignTemplates', () => {
  it('deals lures in turn within a department, so colleagues get different ones', () => {
    const recipients = department('sales', 9);
    const assigned = assignTemplates(recipients, templates, { adaptive: false, random: seededRandom(3) });
    const counts = new Map<string, number>();
    for (const id of assigned.values()) counts.set(id, (counts.get(id) ?? 0) + 1);
    expect([...counts.values()]).toEqual([3, 3, 3]);
    // Three people in a row never share a lure.
    const sequence = recipients.map((r) => assigned.get(r.personId));
    for (let i = 0; i + 2 < sequence.length; i += 1) expect(new Set(sequence.slice(i, i + 3)).size).toBe(3);
  });

  it('gives people a lure in their own language when the set has one', () => {
    const assigned = assignTemplates([...department('paris', 4, { language: 'fr_fr' }), ...department('berlin', 4, { language: 'de_de' }), ...department('rome', 2, { language: 'it_it' })], templates, {
      adaptive: false,
      random: seededRandom(5),
    });
    for (let i = 0; i < 4; i += 1) {
      expect(assigned.get(`paris-${i}`)).toBe('medium');
      expect(assigned.get(`berlin-${i}`)).toBe('hard');
    }
    // Nobody writes Italian: any lure will do, in English.
    expect(templates.map((t) => t.id)).toContain(assigned.get('rome-0'));
  });

  it('matches lures to skill in an adaptive campaign', () => {
    const assigned = assignTemplates(
      [
        { personId: 'new', groupKey: 'a', language: 'en_us' },
        { personId: 'strong', groupKey: 'a', language: 'en_us', rating: 1600 },
        { personId: 'struggling', groupKey: 'a', language: 'en_us', rating: 700 },
        { personId: 'middling', groupKey: 'a', language: 'en_us', rating: 1160 },
      ],
      templates,
      { adaptive: true, random: seededRandom(1) },
    );
    expect({ strong: assigned.get('strong'), struggling: assigned.get('struggling'), middling: assigned.get('middling') }).toEqual({ strong: 'hard', struggling: 'easy', middling: 'medium' });
    // A new person aims at difficulty 2: the set's 1 and 3 are equally close.
    expect(['easy', 'medium']).toContain(assigned.get('new'));
  });

  it('assigns everyone, whatever the seed', () => {
    for (let seed = 0; seed < 20; seed += 1) expect(assignTemplates(department('x', 7), templates, { adaptive: seed % 2 === 0, random: seededRandom(seed) }).size).toBe(7);
  });
});
