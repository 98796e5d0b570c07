import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { LearningLanguagePicker } from '../../../components/language-picker';
import { isListedAccount, learningLanguagePickerAccounts } from '../../../config/demo-accounts';
import { paths } from '../../../config/paths';
import { usePersonalUserData } from '../../../features/people/api/get-personal-user-data';
import { PageError } from '../../../features/shell/components/page-error';
import { RoutePlaceholder } from '../../../features/shell/components/route-placeholder';

// §2: the learning page offers a language picker to one demo account only (config/demo-accounts.ts).
const LearningLanguageBar = () => {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <Stack
      direction="row"
      spacing={1}
      role="group"
      aria-labelledby={labelId}
      sx={{ alignItems: 'center', justifyContent: 'flex-end', mt: -1, mb: 2 }}
      data-testid="learning-language-bar"
    >
      <Typography id={labelId} variant="body2" sx={{ color: 'text.secondary' }}>
        {t('languagePicker.learning.label')}
      </Typography>
      <LearningLanguagePicker />
    </Stack>
  );
};

// /dashboard/trainings/ and its learning, compliance and completed subpages.
// Their content comes later: the shell shows title and breadcrumbs, the page what will appear here.
export const Component = () => {
  const { pathname } = useLocation();
  const { data: person } = usePersonalUserData();
  const showsLanguagePicker =
    pathname === paths.dashboard.trainings.learning.path &&
    person !== undefined &&
    isListedAccount(learningLanguagePickerAccounts, person.email);
  return (
    <>
      {showsLanguagePicker ? <LearningLanguageBar /> : null}
      <RoutePlaceholder />
    </>
  );
};
export const ErrorBoundary = PageError;
