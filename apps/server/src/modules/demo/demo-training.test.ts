import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events, people, trainingAssignments } from '@vigil/db';
import { useTestApp } from '../../test/test-app.ts';
import { seedDemo } from './demo-seed.ts';

const t = useTestApp();

describe('the demo’s training history', () => {
  it('gives the first company assignments made through the training services: completed with scores, in progress, one overdue', async () => {
    await seedDemo(t.db);
    const [owen] = await t.db.select().from(people).where(eq(people.email, 'owen.fletcher@northwind-logistics.example'));
    const rows = await t.db.select().from(trainingAssignments).where(eq(trainingAssignments.organizationId, owen!.organizationId));
    const completed = rows.filter((row) => row.status === 'completed');
    expect(completed.length).toBeGreaterThanOrEqual(5);
    expect(completed.every((row) => row.score !== null && row.score >= 80 && row.certificateId)).toBe(true);
    expect(new Set(completed.map((row) => row.score)).size).toBeGreaterThan(1);
    expect(rows.filter((row) => row.status === 'in_progress').length).toBeGreaterThanOrEqual(3);
    // The hourly cadence job (minute 7) may run during the test and assign the compliance
    // frameworks' yearly modules to everyone: those are not the demo's history, which is checked here.
    const owens = rows.filter((row) => row.personId === owen!.id && row.reason !== 'cadence');
    expect(owens.map((row) => row.status).sort()).toEqual(['assigned', 'completed', 'in_progress']);
    expect(owens.filter((row) => row.status === 'assigned' && row.dueAt.getTime() < Date.now())).toHaveLength(1);
    const written = await t.db.select().from(events).where(and(eq(events.organizationId, owen!.organizationId), like(events.type, 'training_%')));
    expect(written.filter((event) => event.type === 'training_completed')).toHaveLength(completed.length);
  });
});
