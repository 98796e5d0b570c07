import { type PhishingTemplateAbilities, type Role, isAdminRole } from '@vigil/contracts';

/**
 * Who may do what with the template library:
 *
 * 1. The organisation's admins and superadmins read the library and write their organisation's own
 *    templates; anyone else gets 403.
 * 2. Built-in templates (no organisation) are read-only for everyone: copy one to change it.
 * 3. Another organisation's templates do not exist for the caller (the repository never finds them: 404).
 */
export type TemplateActor = Readonly<{ role: Role }>;
export type TemplateSubject = Readonly<{ organizationId: string | null }>;

/** A refused change, with the words the answer gives. */
export type TemplateRefusal = { code: 'FORBIDDEN'; problem: string };

export const mayUseTemplateLibrary = (actor: TemplateActor) => isAdminRole(actor.role);

const builtinIsReadOnly: TemplateRefusal = { code: 'FORBIDDEN', problem: 'Built-in templates are read-only; copy this template to make an editable one of your own.' };

/** Why the actor may not change or archive this template, or null when they may. */
export const refuseTemplateChange = (actor: TemplateActor, template: TemplateSubject): TemplateRefusal | null => {
  if (!mayUseTemplateLibrary(actor)) return { code: 'FORBIDDEN', problem: 'Only an admin may change phishing templates.' };
  return template.organizationId === null ? builtinIsReadOnly : null;
};

export const templateAbilities = (actor: TemplateActor, template: TemplateSubject): PhishingTemplateAbilities => {
  const change = refuseTemplateChange(actor, template) === null;
  return { edit: change, copy: mayUseTemplateLibrary(actor), archive: change };
};
