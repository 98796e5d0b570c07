import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { OnboardingWizard } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { stepHref, stepIds, type StepId } from '../model/steps';

type OnboardingStepperProps = { wizard: OnboardingWizard; activeSteps: readonly StepId[] };

/** The five steps: done ones ticked, the current page's marked, each one a way back to it. */
export const OnboardingStepper = ({ wizard, activeSteps }: OnboardingStepperProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Paper variant="outlined" sx={{ p: 2, overflowX: 'auto' }}>
      <Stepper nonLinear alternativeLabel aria-label={t('onboardingWizard.stepper.label')} component="nav" sx={{ minWidth: 520 }}>
        {stepIds.map((id) => {
          const active = activeSteps.includes(id);
          const done = wizard.steps[id];
          return (
            <Step key={id} completed={done} active={active} data-testid={`step-${id}`} data-done={done}>
              <StepButton
                onClick={() => void navigate(stepHref(id, wizard))}
                aria-current={active ? 'step' : undefined}
                optional={
                  done ? (
                    <Typography variant="caption" sx={{ color: 'success.main' }}>
                      {t('onboardingWizard.stepper.done')}
                    </Typography>
                  ) : undefined
                }
              >
                {t(`onboardingWizard.stepper.steps.${id}`)}
              </StepButton>
            </Step>
          );
        })}
      </Stepper>
    </Paper>
  );
};
