import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { type Tx, people } from '@vigil/db';
import { createSecretBox } from '../../lib/secrets.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { assignTrainingModule } from '../training/assignments/training-assignments.service.ts';
import { builtinModuleId, syncBuiltinLessons } from '../training/library/builtin-lessons.ts';
import type { LessonText } from '../training/library/lesson-library.ts';
import { recordMyProgress, submitMyQuiz } from '../training/learner/my-trainings.service.ts';
import { findUsableModule } from '../training/modules/training-modules.service.ts';

const dayMs = 24 * 60 * 60 * 1000;

export type DemoTrainingPeople = Readonly<{ organizationId: string; endUserId: string; directManagerId: string; departmentId: string }>;

/**
 * A little training history for the demo company, made the way the product makes it (assignment
 * rounds, progress and quiz answers through the training services, so events and certificates are
 * real): the end user's department has the phishing basics due in two weeks, some done with scores
 * and some half-watched; the end user also finished the MFA lesson and is overdue on passwords.
 */
export const seedDemoTraining = async (tx: Tx, demo: DemoTrainingPeople) => {
  await syncBuiltinLessons(tx);
  const scope = { organizationId: demo.organizationId };
  // The answers' signed media addresses are thrown away: any key will do.
  const services = { db: tx, secrets: createSecretBox(randomBytes(32)) };
  const now = Date.now();
  const department = await tx
    .select({ id: people.id, email: people.email, role: people.role })
    .from(people)
    .where(and(eq(people.organizationId, demo.organizationId), eq(people.departmentId, demo.departmentId), eq(people.isActive, true)))
    .orderBy(asc(people.id));
  const tenantOf = (person: { id: string; email: string; role: Tenant['role'] }): Tenant => ({
    organizationId: demo.organizationId,
    homeOrganizationId: demo.organizationId,
    personId: person.id,
    authUserId: person.id,
    email: person.email,
    role: person.role,
    viaManagedService: false,
  });
  const personOf = (id: string) => department.find((person) => person.id === id) ?? { id, email: '', role: 'User' as const };
  const answersOf = async (slug: string) => {
    const module = (await findUsableModule(tx, scope, builtinModuleId(slug)))!;
    return { module, answers: (module.texts as Record<string, LessonText>).en_us!.quiz.map((question) => question.answer) };
  };
  const complete = async (assignmentId: string, person: Tenant, slug: string, wrong: number) => {
    const { module, answers } = await answersOf(slug);
    await recordMyProgress(services, person, assignmentId, module.durationSeconds);
    const first = await submitMyQuiz(services, person, assignmentId, { language: 'en_us', answers: answers.map((answer, index) => (index < wrong ? (answer + 1) % 3 : answer)) });
    if (!first.passed) await submitMyQuiz(services, person, assignmentId, { language: 'en_us', answers });
  };

  const basics = await assignTrainingModule(tx, scope, {
    moduleId: builtinModuleId('phishing-basics'),
    personIds: department.map((person) => person.id),
    dueAt: new Date(now + 14 * dayMs),
    assignedAt: new Date(now - 3 * dayMs),
  });
  const byPerson = new Map(basics.map((assignment) => [assignment.personId, assignment.id]));
  const others = department.filter((person) => person.id !== demo.endUserId);
  // The direct manager and four colleagues are done (scores vary); three have started watching.
  for (const [index, person] of [personOf(demo.directManagerId), ...others.filter((person) => person.id !== demo.directManagerId).slice(0, 4)].entries()) {
    await complete(byPerson.get(person.id)!, tenantOf(person), 'phishing-basics', index % 3);
  }
  const { module: basicsModule } = await answersOf('phishing-basics');
  for (const person of [personOf(demo.endUserId), ...others.filter((person) => person.id !== demo.directManagerId).slice(4, 6)]) {
    await recordMyProgress(services, tenantOf(person), byPerson.get(person.id)!, Math.round(basicsModule.durationSeconds * 0.4));
  }

  const endUser = tenantOf(personOf(demo.endUserId));
  const [mfa] = await assignTrainingModule(tx, scope, { moduleId: builtinModuleId('mfa-fatigue'), personIds: [demo.endUserId], dueAt: new Date(now - 10 * dayMs), assignedAt: new Date(now - 30 * dayMs) });
  await complete(mfa!.id, endUser, 'mfa-fatigue', 1);
  // Overdue: assigned three weeks ago, due last week, not started.
  await assignTrainingModule(tx, scope, { moduleId: builtinModuleId('passwords'), personIds: [demo.endUserId], dueAt: new Date(now - 6 * dayMs), assignedAt: new Date(now - 21 * dayMs) });
  return { assignments: basics.length + 2 };
};
