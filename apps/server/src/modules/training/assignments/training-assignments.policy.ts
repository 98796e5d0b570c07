import type { AssignmentStatus } from '@vigil/contracts';

/**
 * The life of an assignment: assigned → in_progress (first progress, or a first quiz when testing
 * out is allowed) → completed (a passing quiz) or failed (the last allowed attempt failed). An admin
 * may cancel an open one. Finished assignments (completed, failed, cancelled) are only read.
 */
export const openStatuses = ['assigned', 'in_progress'] as const satisfies readonly AssignmentStatus[];

export const isOpenStatus = (status: AssignmentStatus) => (openStatuses as readonly AssignmentStatus[]).includes(status);

/** Open and past its due date. */
export const isOverdue = (status: AssignmentStatus, dueAt: Date, now = new Date()) => isOpenStatus(status) && dueAt.getTime() < now.getTime();

/** Why an admin may not cancel an assignment in `status`, or undefined when they may. */
export const refuseCancel = (status: AssignmentStatus) => (isOpenStatus(status) ? undefined : `This assignment is already ${status}; only an assigned or in-progress one can be cancelled`);
