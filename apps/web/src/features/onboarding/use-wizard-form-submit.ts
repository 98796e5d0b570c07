import type { OnboardingWizard } from '@vigil/contracts';
import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { messageOf } from '../../lib/api-client';
import { applyServerFieldErrors } from '../../lib/server-field-errors';

/**
 * Submits a wizard form: zod checks first, then the server; the server's field problems land on
 * the fields, anything else becomes one form-level message.
 */
export const useWizardFormSubmit = <Input extends FieldValues, Output>(
  form: UseFormReturn<Input, unknown, Output>,
  fields: readonly Path<Input>[],
  save: (body: Output) => Promise<OnboardingWizard>,
  onSaved: (wizard: OnboardingWizard) => void | Promise<void>,
) => {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      await onSaved(await save(body));
    } catch (error) {
      if (!applyServerFieldErrors(error, fields, form.setError)) {
        setFailure(t('onboardingWizard.common.failed', { message: messageOf(error) }));
      }
    }
  });
  return { submit: () => void submit(), failure, submitting: form.formState.isSubmitting };
};
