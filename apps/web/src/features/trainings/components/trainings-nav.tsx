import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths';

const pages = [
  { id: 'learning', href: paths.dashboard.trainings.learning.getHref() },
  { id: 'compliance', href: paths.dashboard.trainings.compliance.getHref() },
  { id: 'completed', href: paths.dashboard.trainings.completed.getHref() },
] as const;

export type TrainingsPage = (typeof pages)[number]['id'];

/** The three learner pages as links (the side navigation has one Trainings entry for all of them). */
export const TrainingsNav = ({ current }: { current: TrainingsPage | null }) => {
  const { t } = useTranslation();
  return (
    <Stack component="nav" aria-label={t('trainings.tabs.label')} direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
      {pages.map((page) => (
        <Button
          key={page.id}
          component={RouterLink}
          to={page.href}
          variant={page.id === current ? 'contained' : 'text'}
          aria-current={page.id === current ? 'page' : undefined}
        >
          {t(`trainings.tabs.${page.id}`)}
        </Button>
      ))}
    </Stack>
  );
};
