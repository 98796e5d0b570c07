import type { CreateModuleRequestBody } from '@vigil/contracts';

/** The address part of a From header such as `Vigil <no-reply@example.com>`. */
export const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();

/**
 * The operator's email about a new custom module request: everything the request says, in plain
 * text (every value is the admin's own words, so nothing is rendered as HTML).
 */
export const moduleRequestMail = (request: CreateModuleRequestBody & { id: string }, context: { organization: string; requestedBy: string; appUrl: string }) => ({
  subject: `Custom training module request from ${context.organization}: ${request.topic}`,
  text: [
    `${context.requestedBy} of ${context.organization} asks for a custom training module.`,
    '',
    `Topic: ${request.topic}`,
    `What it should teach:\n${request.objectives}`,
    `Audience: ${request.audience || 'not said'}`,
    `Languages: ${request.languages.join(', ')}`,
    `Length: about ${request.minutes} minute${request.minutes === 1 ? '' : 's'}`,
    `Wanted by: ${request.wantedBy ?? 'no date given'}`,
    `Notes: ${request.notes || 'none'}`,
    '',
    `Request ${request.id}. Its status is shown to the organisation's admins at ${context.appUrl}/configure/trainings/request/ ; a superadmin moves it along (in review, done, declined).`,
    '',
  ].join('\n'),
});
