import { randomUUID } from 'node:crypto';
import { type Db, type NewTrainingModuleRow, trainingModules } from '@vigil/db';

type OwnText = { title: string; summary?: string; quiz?: { question: string; choices: string[]; answer: number; explanation: string }[]; translation?: Record<string, unknown> };

/**
 * An organisation's own module row, as an upload leaves it (a video without media unless asked),
 * with the given words per language. For tests of what admins do with own modules' words.
 */
export const buildOwnModule = async (db: Db, organizationId: string, texts: Record<string, OwnText>, overrides: Partial<NewTrainingModuleRow> = {}) => {
  const id = randomUUID();
  const [row] = await db
    .insert(trainingModules)
    .values({
      id,
      organizationId,
      source: 'own',
      kind: 'video',
      topic: 'phishing-basics',
      minutes: 3,
      passScore: 80,
      languages: Object.keys(texts),
      texts: Object.fromEntries(Object.entries(texts).map(([language, text]) => [language, { summary: '', quiz: [], slides: [], ...text }])),
      durationSeconds: 60,
      mediaKey: `own/${id}`,
      contentHash: `test-${id}`,
      ...overrides,
    })
    .returning();
  return row!;
};
