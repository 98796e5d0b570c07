import type { TrainingAssignment } from '@vigil/contracts';
import type { AdminAssignmentRow } from './training-assignments.repository.ts';
import { isOverdue } from './training-assignments.policy.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** One row of the admin's list. */
export const presentAssignment = (row: AdminAssignmentRow, now = new Date()): TrainingAssignment => ({
  id: row.assignment.id,
  personId: row.assignment.personId,
  name: `${row.firstName} ${row.lastName}`.trim(),
  email: row.email,
  department: row.department,
  moduleId: row.assignment.moduleId,
  moduleTitle: row.moduleTitle,
  reason: row.assignment.reason,
  status: row.assignment.status,
  overdue: isOverdue(row.assignment.status, row.assignment.dueAt, now),
  assignedAt: row.assignment.assignedAt.toISOString(),
  dueAt: row.assignment.dueAt.toISOString(),
  completedAt: iso(row.assignment.completedAt),
  score: row.assignment.score,
});

export const assignmentCsvColumns = ['name', 'email', 'department', 'module', 'reason', 'status', 'overdue', 'assigned_at', 'due_at', 'completed_at', 'score'];

export const assignmentCsvRow = (assignment: TrainingAssignment) => [
  assignment.name,
  assignment.email,
  assignment.department ?? '',
  assignment.moduleTitle,
  assignment.reason,
  assignment.status,
  assignment.overdue ? 'yes' : 'no',
  assignment.assignedAt,
  assignment.dueAt,
  assignment.completedAt ?? '',
  assignment.score === null ? '' : String(assignment.score),
];
