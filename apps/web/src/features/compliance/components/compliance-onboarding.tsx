import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { newHireWindowDaysBounds, type ComplianceFramework, type ComplianceFrameworkId, type ComplianceSettings } from '@vigil/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths';
import { messageOf, useApiClient } from '../../../lib/api-client';
import { chooseFramework } from '../api/choose-framework';
import { saveComplianceSettings, useComplianceSettings } from '../api/compliance-settings';
import { useComplianceOverview } from '../api/get-compliance-overview';
import { useTrainingModules } from '../api/get-training-modules';
import { complianceKey } from '../api/query-keys';
import { ModulePicker } from './framework-chooser';
import { Loading } from './loading';

const steps = ['frameworks', 'modules', 'cadence', 'apply'] as const;

type WizardProps = { frameworks: readonly ComplianceFramework[]; settings: ComplianceSettings };

const Wizard = ({ frameworks, settings }: WizardProps) => {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const modules = useTrainingModules();
  const [step, setStep] = useState(0);
  const [chosen, setChosen] = useState<ComplianceFrameworkId[]>(frameworks.filter((framework) => framework.chosen).map((framework) => framework.id));
  const [moduleIds, setModuleIds] = useState<Record<string, string[]>>(Object.fromEntries(frameworks.map((framework) => [framework.id, framework.modules.map((module) => module.id)])));
  const [windowDays, setWindowDays] = useState(String(settings.newHireWindowDays));
  const [state, setState] = useState<{ applying: boolean; error: unknown; done: boolean }>({ applying: false, error: null, done: false });
  const selected = frameworks.filter((framework) => chosen.includes(framework.id));
  const required = new Set(selected.flatMap((framework) => moduleIds[framework.id] ?? []));
  const days = Number(windowDays);
  const windowValid = Number.isInteger(days) && days >= newHireWindowDaysBounds.min && days <= newHireWindowDaysBounds.max;
  const canGoOn = [chosen.length > 0, selected.every((framework) => (moduleIds[framework.id] ?? []).length > 0), windowValid, true][step];

  const apply = async () => {
    setState({ applying: true, error: null, done: false });
    try {
      await saveComplianceSettings(api, { retentionYears: settings.retentionYears, newHireWindowDays: days });
      for (const framework of selected) await chooseFramework(api, { id: framework.id, body: { moduleIds: moduleIds[framework.id] } });
      await queryClient.invalidateQueries({ queryKey: complianceKey });
      setState({ applying: false, error: null, done: true });
    } catch (error) {
      setState({ applying: false, error, done: false });
    }
  };

  if (state.done) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="success" role="status">
          {t('compliance.onboarding.applied')}
        </Alert>
        <Button component={RouterLink} to={paths.compliance.getHref()} variant="contained">
          {t('compliance.onboarding.openCompliance')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack spacing={3}>
      <Stepper activeStep={step} alternativeLabel aria-label={t('compliance.onboarding.stepsLabel')} component="ol" sx={{ p: 0 }}>
        {steps.map((name, index) => (
          <Step key={name} component="li" aria-current={index === step ? 'step' : undefined}>
            <StepLabel>{t(`compliance.onboarding.steps.${name}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Paper variant="outlined" component="section" aria-labelledby="compliance-onboarding-step" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="compliance-onboarding-step" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          {t(`compliance.onboarding.steps.${steps[step]!}`)}
        </Typography>
        {step === 0 ? (
          <>
            <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('compliance.onboarding.frameworksIntro')}</Typography>
            <FormGroup>
              {frameworks.map((framework) => (
                <FormControlLabel
                  key={framework.id}
                  sx={{ alignItems: 'flex-start', mb: 1 }}
                  control={<Checkbox checked={chosen.includes(framework.id)} onChange={(event) => setChosen(event.target.checked ? [...chosen, framework.id] : chosen.filter((id) => id !== framework.id))} sx={{ mt: -0.5 }} />}
                  label={
                    <span>
                      <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
                        {framework.name}
                      </Typography>
                      <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                        {framework.summary}
                      </Typography>
                    </span>
                  }
                />
              ))}
            </FormGroup>
          </>
        ) : null}
        {step === 1 ? (
          <Stack spacing={2}>
            <Typography sx={{ color: 'text.secondary' }}>{t('compliance.onboarding.modulesIntro')}</Typography>
            {selected.map((framework) => (
              <Box key={framework.id}>
                <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
                  {t('compliance.onboarding.modulesOf', { framework: framework.name })}
                </Typography>
                <ModulePicker framework={framework} modules={modules.data ?? []} selected={moduleIds[framework.id] ?? []} onChange={(ids) => setModuleIds({ ...moduleIds, [framework.id]: ids })} />
              </Box>
            ))}
          </Stack>
        ) : null}
        {step === 2 ? (
          <Stack spacing={2}>
            <Typography sx={{ color: 'text.secondary' }}>{t('compliance.onboarding.cadenceIntro')}</Typography>
            <TextField
              type="number"
              label={t('compliance.settings.newHireWindowDays')}
              value={windowDays}
              onChange={(event) => setWindowDays(event.target.value)}
              error={!windowValid}
              helperText={t('compliance.settings.newHireHelp')}
              sx={{ maxWidth: 420 }}
            />
          </Stack>
        ) : null}
        {step === 3 ? (
          <Stack spacing={1}>
            <Typography>{t('compliance.onboarding.summary', { count: selected.length, modules: required.size })}</Typography>
            <ul>
              {selected.map((framework) => (
                <li key={framework.id}>{framework.name}</li>
              ))}
            </ul>
            <Typography sx={{ color: 'text.secondary' }}>{t('compliance.onboarding.applyIntro')}</Typography>
          </Stack>
        ) : null}
        {!canGoOn && step === 0 ? <Typography sx={{ color: 'text.secondary', mt: 1 }}>{t('compliance.onboarding.needFramework')}</Typography> : null}
        {state.error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('compliance.onboarding.failed', { message: messageOf(state.error) })}
          </Alert>
        ) : null}
      </Paper>
      <Stack direction="row" spacing={1}>
        <Button disabled={step === 0 || state.applying} onClick={() => setStep(step - 1)}>
          {t('compliance.onboarding.back')}
        </Button>
        {step < steps.length - 1 ? (
          <Button variant="contained" disabled={!canGoOn} onClick={() => setStep(step + 1)} data-testid="compliance-onboarding-next">
            {t('compliance.onboarding.next')}
          </Button>
        ) : (
          <Button variant="contained" loading={state.applying} onClick={() => void apply()} data-testid="compliance-onboarding-apply">
            {t('compliance.onboarding.apply')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
};

/** /compliance-onboarding/: choose frameworks → review the modules they imply → the new-hire window → apply. */
export const ComplianceOnboarding = () => {
  const { t } = useTranslation();
  const overview = useComplianceOverview();
  const settings = useComplianceSettings();
  if (overview.error || settings.error) return <Alert severity="error">{t('compliance.loadFailed', { message: messageOf(overview.error ?? settings.error) })}</Alert>;
  if (!overview.data || !settings.data) return <Loading />;
  return <Wizard frameworks={overview.data.frameworks} settings={settings.data} />;
};
