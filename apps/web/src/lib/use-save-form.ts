import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';

import { messageOf } from './api-client';
import { applyServerFieldErrors } from './server-field-errors';

type UseSaveFormOptions<Input extends FieldValues, Output, Saved> = {
  /** The contract's schema of the request body: the browser checks what the server will check. */
  schema: z.ZodType<Output, Input>;
  defaultValues: DefaultValues<Input>;
  /** The form's fields the server may name in its problems. */
  fields: readonly Path<Input>[];
  save: (body: Output) => Promise<Saved>;
  /** The form's values after saving: what the server kept (a trimmed name, say). */
  valuesOf: (saved: Saved) => Input;
};

/**
 * A settings form that saves in place: the schema checks first, then the server; its field
 * problems land on the fields and anything else in `errors.root`. After a save the form starts
 * again from what was saved, and `saved` is true until the next change.
 */
export const useSaveForm = <Input extends FieldValues, Output, Saved>({
  schema,
  defaultValues,
  fields,
  save,
  valuesOf,
}: UseSaveFormOptions<Input, Output, Saved>) => {
  const [saved, setSaved] = useState(false);
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
  const submit = form.handleSubmit(async (body) => {
    setSaved(false);
    try {
      form.reset(valuesOf(await save(body)));
      setSaved(true);
    } catch (error) {
      if (!applyServerFieldErrors(error, fields, form.setError)) form.setError('root', { type: 'server', message: messageOf(error) });
    }
  });
  return {
    form,
    submit,
    saved: saved && !form.formState.isDirty,
    /** For the fields' onChange: a change since the save hides the confirmation. */
    clearSaved: () => setSaved(false),
  };
};
