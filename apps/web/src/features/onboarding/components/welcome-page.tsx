import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OnboardingWizard } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '../../../config/paths';
import { firstOpenStep, stepHref, stepIds } from '../model/steps';

/** /onboarding/: what the five steps are, which are done, and the way in (or out, once done). */
export const WelcomePage = ({ wizard }: { wizard: OnboardingWizard }) => {
  const { t } = useTranslation();
  const next = firstOpenStep(wizard.steps);
  const started = stepIds.some((id) => wizard.steps[id]);
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <Stack spacing={2}>
          <Typography variant="h2" data-testid="welcome-heading">
            {t('onboardingWizard.welcome.heading', { organization: wizard.organizationName })}
          </Typography>
          <Typography>{t('onboardingWizard.welcome.intro')}</Typography>
          <Alert severity="info">{t('onboardingWizard.welcome.honest')}</Alert>
        </Stack>
      </Paper>
      <Paper variant="outlined">
        <List aria-label={t('onboardingWizard.stepper.label')} disablePadding>
          {stepIds.map((id, index) => {
            const done = wizard.steps[id];
            return (
              <ListItem
                key={id}
                divider={index < stepIds.length - 1}
                data-testid={`welcome-step-${id}`}
                sx={{ py: 2, px: { xs: 2, sm: 3 }, gap: 2, flexWrap: 'wrap' }}
                secondaryAction={
                  <Button
                    component={Link}
                    to={stepHref(id, wizard)}
                    size="small"
                    aria-label={t('onboardingWizard.welcome.openStep', { step: t(`onboardingWizard.welcome.steps.${id}.title`) })}
                  >
                    {t('onboardingWizard.welcome.open')}
                  </Button>
                }
              >
                <Typography aria-hidden sx={{ fontWeight: 600, color: 'text.secondary', minWidth: 20 }}>
                  {index + 1}
                </Typography>
                <ListItemText
                  primary={t(`onboardingWizard.welcome.steps.${id}.title`)}
                  secondary={t(`onboardingWizard.welcome.steps.${id}.description`)}
                  slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                  sx={{ flex: '1 1 240px', pr: 8 }}
                />
                <Chip
                  size="small"
                  color={done ? 'success' : 'default'}
                  variant={done ? 'filled' : 'outlined'}
                  label={done ? t('onboardingWizard.welcome.statusDone') : t('onboardingWizard.welcome.statusToDo')}
                  sx={{ mr: 8 }}
                />
              </ListItem>
            );
          })}
        </List>
      </Paper>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {next ? (
          <Button component={Link} to={stepHref(next, wizard)} variant="contained" size="large" data-testid="welcome-start">
            {started ? t('onboardingWizard.welcome.resume') : t('onboardingWizard.welcome.start')}
          </Button>
        ) : (
          <>
            <Typography>{t('onboardingWizard.welcome.finished')}</Typography>
            <Button component={Link} to={paths.home.getHref()} variant="contained" size="large" data-testid="go-to-vigil">
              {t('onboardingWizard.welcome.goToVigil')}
            </Button>
          </>
        )}
      </Stack>
    </Stack>
  );
};
