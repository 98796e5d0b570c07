/**
 * A lesson opens on the page it is listed on, named by its assignment in the address
 * (`/dashboard/trainings/learning/?assignment=<id>`), so it can be bookmarked, reloaded and left with
 * the browser's Back button without a route of its own in the shell's table.
 */
export const assignmentParam = 'assignment';

export const lessonHref = (pagePath: string, assignmentId: string) => `${pagePath}?${new URLSearchParams({ [assignmentParam]: assignmentId })}`;
