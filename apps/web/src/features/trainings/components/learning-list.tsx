import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '../../../components/empty-state';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../config/paths';
import { messageOf } from '../../../lib/api-client';
import { useMyTrainings } from '../api/get-my-trainings';
import { lessonHref } from '../model/lesson-link';
import { TrainingCard } from './training-card';

/** The person's open assignments as cards, due soonest first as the server orders them. */
export const LearningList = () => {
  const { t } = useTranslation();
  const trainings = useMyTrainings('learning');
  const pagePath = paths.dashboard.trainings.learning.getHref();
  return (
    <SectionCard title={t('trainings.learning.title')} intro={t('trainings.learning.intro')} testId="learning-list">
      {trainings.isPending ? <Typography sx={{ color: 'text.secondary' }}>{t('trainings.loading')}</Typography> : null}
      {trainings.isError ? <Alert severity="error">{t('trainings.loadFailed', { message: messageOf(trainings.error) })}</Alert> : null}
      {trainings.isSuccess && trainings.data.length === 0 ? <EmptyState testId="learning-empty">{t('trainings.learning.empty')}</EmptyState> : null}
      {trainings.isSuccess && trainings.data.length > 0 ? (
        <Box
          component="ul"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }}
        >
          {trainings.data.map((assignment) => (
            <li key={assignment.id}>
              <TrainingCard assignment={assignment} href={lessonHref(pagePath, assignment.id)} />
            </li>
          ))}
        </Box>
      ) : null}
    </SectionCard>
  );
};
