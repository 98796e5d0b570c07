import type { ComplianceCounts, ComplianceFramework, ComplianceModule, CompliancePerson, ComplianceStatus } from '@vigil/contracts';
import type { ComplianceFrameworkChoiceRow, TrainingModuleRow } from '@vigil/db';
import type { FrameworkDefinition } from './frameworks/framework-catalogue.ts';
import type { EvidenceRow, PersonStatusRow } from './compliance.repository.ts';

const titleOf = (module: TrainingModuleRow) => {
  const texts = module.texts as Record<string, { title?: string } | undefined>;
  return texts.en_us?.title ?? Object.values(texts).find((text) => text?.title)?.title ?? module.topic;
};

export const presentComplianceModule = (module: TrainingModuleRow): ComplianceModule => ({ id: module.id, title: titleOf(module), topic: module.topic, version: module.version, minutes: module.minutes });

export const presentCounts = (counts: Record<ComplianceStatus, number>): ComplianceCounts => ({
  compliant: counts.compliant,
  inProgress: counts.in_progress,
  overdue: counts.overdue,
  missing: counts.missing,
  total: counts.compliant + counts.in_progress + counts.overdue + counts.missing,
});

/** A framework of the catalogue as one organisation sees it: chosen or not, its modules, its counts. */
export const presentFramework = (
  framework: FrameworkDefinition,
  suggested: readonly TrainingModuleRow[],
  choice: ComplianceFrameworkChoiceRow | undefined,
  chosenModules: readonly TrainingModuleRow[],
  counts: Record<ComplianceStatus, number> | null,
): ComplianceFramework => {
  const bySlug = new Map(suggested.map((module) => [module.builtinSlug, module]));
  const suggestedModules = framework.moduleSlugs.flatMap((slug) => (bySlug.has(slug) ? [presentComplianceModule(bySlug.get(slug)!)] : []));
  const byId = new Map(chosenModules.map((module) => [module.id, module]));
  return {
    id: framework.id,
    name: framework.name,
    shortName: framework.shortName,
    edition: framework.edition,
    summary: framework.summary,
    clauses: [...framework.clauses],
    guidance: [...framework.guidance],
    cadence: { ...framework.cadence },
    suggestedModules,
    simulationVectors: [...framework.simulationVectors],
    chosen: Boolean(choice),
    modules: choice ? choice.moduleIds.flatMap((id) => (byId.has(id) ? [presentComplianceModule(byId.get(id)!)] : [])) : suggestedModules,
    counts: choice && counts ? presentCounts(counts) : null,
    chosenAt: choice?.createdAt.toISOString() ?? null,
  };
};

export const presentPerson = (row: PersonStatusRow): CompliancePerson => ({
  personId: row.personId,
  name: `${row.firstName} ${row.lastName}`.trim(),
  email: row.email,
  department: row.department,
  startDate: row.startDate,
  status: row.status,
  passed: row.passed,
  required: row.required,
  nextDueAt: row.nextDueAt ? new Date(row.nextDueAt).toISOString() : null,
  lastCompletedAt: row.lastCompletedAt ? new Date(row.lastCompletedAt).toISOString() : null,
});

export const compliancePeopleCsvColumns = ['person', 'email', 'department', 'start date', 'status', 'required modules passed', 'required modules', 'next due', 'last completed'] as const;

export const compliancePersonCsvRow = (person: CompliancePerson) => [
  person.name,
  person.email,
  person.department ?? '',
  person.startDate ?? '',
  person.status.replace('_', ' '),
  String(person.passed),
  String(person.required),
  person.nextDueAt ?? '',
  person.lastCompletedAt ?? '',
];

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : '');

/** One evidence CSV row, in complianceEvidenceCsvColumns' order. */
export const evidenceCsvRow = (row: EvidenceRow) => [
  `${row.firstName} ${row.lastName}`.trim(),
  row.email,
  row.department ?? '',
  row.isActive ? 'yes' : 'no (deactivated)',
  row.moduleTitle,
  // Assignments finished before versions were recorded name none rather than a guess.
  row.moduleVersion === null ? '' : String(row.moduleVersion),
  row.status === 'completed' ? 'passed' : 'failed',
  row.reason,
  iso(row.assignedAt),
  iso(row.dueAt),
  iso(row.startedAt),
  iso(row.completedAt ?? row.failedAt),
  row.score === null ? '' : String(row.score),
  String(row.attempts),
  row.certificateId ?? '',
];
