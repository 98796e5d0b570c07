import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { complianceSettingsSchema, type ComplianceSettings } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { SectionCard } from '../../../components/section-card';
import { ApiError, messageOf } from '../../../lib/api-client';
import { useComplianceSettings, useSaveComplianceSettings } from '../api/compliance-settings';

type Field = keyof ComplianceSettings;

/** The problems of a failed save by field: the contract's own check first, then the server's `body.*` details. */
const problemsOf = (error: unknown): Partial<Record<Field, string>> => {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return {};
  return Object.fromEntries((error.details as { field?: string; problem?: string }[]).flatMap((detail) => (detail.field?.startsWith('body.') ? [[detail.field.slice(5), detail.problem ?? '']] : [])));
};

const SettingsFields = ({ initial }: { initial: ComplianceSettings }) => {
  const { t } = useTranslation();
  const [values, setValues] = useState({ retentionYears: String(initial.retentionYears), newHireWindowDays: String(initial.newHireWindowDays) });
  const [local, setLocal] = useState<Partial<Record<Field, string>>>({});
  const save = useSaveComplianceSettings();
  const problems = { ...problemsOf(save.error), ...local };
  const submit = () => {
    const parsed = complianceSettingsSchema.safeParse({ retentionYears: Number(values.retentionYears), newHireWindowDays: Number(values.newHireWindowDays) });
    if (!parsed.success) {
      setLocal(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setLocal({});
    save.mutate(parsed.data);
  };
  const field = (name: Field, help: string) => (
    <TextField
      type="number"
      label={t(`compliance.settings.${name}`)}
      value={values[name]}
      onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      error={Boolean(problems[name])}
      helperText={problems[name] ?? help}
      slotProps={{ htmlInput: { 'data-testid': `compliance-${name}` } }}
      sx={{ maxWidth: 420 }}
    />
  );
  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {field('retentionYears', t('compliance.settings.retentionHelp'))}
      {field('newHireWindowDays', t('compliance.settings.newHireHelp'))}
      {save.isSuccess ? (
        <Alert severity="success" role="status">
          {t('compliance.settings.saved')}
        </Alert>
      ) : null}
      {save.error && !Object.keys(problemsOf(save.error)).length ? <Alert severity="error">{t('compliance.settings.failed', { message: messageOf(save.error) })}</Alert> : null}
      <div>
        <Button type="submit" variant="contained" loading={save.isPending} data-testid="compliance-settings-save">
          {t('compliance.settings.save')}
        </Button>
      </div>
    </Stack>
  );
};

/** Retention of training records and the new-hire window. */
export const ComplianceSettingsForm = () => {
  const { t } = useTranslation();
  const settings = useComplianceSettings();
  return (
    <SectionCard title={t('compliance.settings.title')} intro={t('compliance.settings.intro')} testId="compliance-settings">
      {settings.error ? <Alert severity="error">{t('compliance.loadFailed', { message: messageOf(settings.error) })}</Alert> : null}
      {settings.data ? <SettingsFields initial={settings.data} /> : null}
    </SectionCard>
  );
};
