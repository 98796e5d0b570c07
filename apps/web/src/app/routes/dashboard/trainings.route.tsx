import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';

import { LearningLanguagePicker } from '../../../components/language-picker';
import { isListedAccount, learningLanguagePickerAccounts } from '../../../config/demo-accounts';
import { paths } from '../../../config/paths';
import { usePersonalUserData } from '../../../features/people/api/get-personal-user-data';
import { PageError } from '../../../features/shell/components/page-error';
import { ComplianceTrainings } from '../../../features/trainings/components/compliance-trainings';
import { CompletedList } from '../../../features/trainings/components/completed-list';
import { LearningList } from '../../../features/trainings/components/learning-list';
import { LessonView } from '../../../features/trainings/components/lesson-view';
import { TrainingsNav, type TrainingsPage } from '../../../features/trainings/components/trainings-nav';
import { assignmentParam } from '../../../features/trainings/model/lesson-link';

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

const pageOf = (pathname: string): TrainingsPage | null =>
  pathname === paths.dashboard.trainings.learning.path
    ? 'learning'
    : pathname === paths.dashboard.trainings.compliance.path
      ? 'compliance'
      : pathname === paths.dashboard.trainings.completed.path
        ? 'completed'
        : null;

// /dashboard/trainings/ and its learning, compliance and completed subpages. The trainings page
// itself shows what is assigned, as Learning does; `?assignment=<id>` on Learning or Completed opens
// that lesson's player and quiz.
export const Component = () => {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const { data: person } = usePersonalUserData();
  const page = pageOf(pathname);
  const showsLanguagePicker =
    page === 'learning' &&
    person !== undefined &&
    isListedAccount(learningLanguagePickerAccounts, person.email);
  const assignmentId = page === 'compliance' ? null : search.get(assignmentParam);
  return (
    <>
      {showsLanguagePicker ? <LearningLanguageBar /> : null}
      {assignmentId ? (
        <LessonView key={assignmentId} assignmentId={assignmentId} backHref={pathname} />
      ) : (
        <>
          <TrainingsNav current={page} />
          {page === 'compliance' ? <ComplianceTrainings /> : page === 'completed' ? <CompletedList /> : <LearningList />}
        </>
      )}
    </>
  );
};
export const ErrorBoundary = PageError;
