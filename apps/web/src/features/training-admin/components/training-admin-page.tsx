import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';

import { paths } from '../../../config/paths';
import { AssignmentsTable } from './assignments-table';
import { CadenceRules } from './cadence-rules';
import { ModuleCatalogue } from './module-catalogue';
import { ModuleRequests } from './module-requests';
import { TrainingRules } from './training-rules-form';
import { TrainingScheduleView } from './training-schedule';

/** The pages of /configure/trainings/, in the order the links show them. */
export const trainingAdminPages = ['assignments', 'catalogue', 'rules', 'request', 'schedule'] as const;
export type TrainingAdminPage = (typeof trainingAdminPages)[number];

const hrefOf: Record<TrainingAdminPage, string> = {
  assignments: paths.configure.trainings.getHref(),
  catalogue: paths.configure.trainings.module.getHref(),
  rules: paths.configure.trainings.frequency.getHref(),
  request: paths.configure.trainings.request.getHref(),
  schedule: paths.configure.trainings.schedule.getHref(),
};

/** Which page a path of /configure/trainings/ is (the route table names the paths). */
export const trainingAdminPageOf = (pathname: string): TrainingAdminPage =>
  trainingAdminPages.find((page) => page !== 'assignments' && pathname === hrefOf[page]) ?? 'assignments';

/** Links between the training admin's pages; the current one is marked for assistive technology. */
const TrainingAdminNav = ({ current }: { current: TrainingAdminPage }) => {
  const { t } = useTranslation();
  return (
    <Box component="nav" aria-label={t('trainingAdmin.nav.label')} sx={{ mb: 3, borderBottom: 1, borderColor: 'divider', pb: 1 }}>
      <Stack component="ul" direction="row" spacing={1} useFlexGap sx={{ listStyle: 'none', p: 0, m: 0, flexWrap: 'wrap' }}>
        {trainingAdminPages.map((page) => (
          <li key={page}>
            <Button component={RouterLink} to={hrefOf[page]} variant={page === current ? 'contained' : 'text'} aria-current={page === current ? 'page' : undefined} disableElevation>
              {t(`trainingAdmin.nav.${page}`)}
            </Button>
          </li>
        ))}
      </Stack>
    </Box>
  );
};

/**
 * /configure/trainings/ and its pages: assignments (the default), the module catalogue (`module`),
 * the training rules and cadence rules (`frequency`), custom module requests (`request`) and the
 * schedule calendar (`schedule`).
 */
export const TrainingAdmin = () => {
  const page = trainingAdminPageOf(useLocation().pathname);
  return (
    <Box>
      <TrainingAdminNav current={page} />
      {page === 'assignments' ? <AssignmentsTable /> : null}
      {page === 'catalogue' ? <ModuleCatalogue /> : null}
      {page === 'rules' ? (
        <Stack spacing={3}>
          <TrainingRules />
          <CadenceRules />
        </Stack>
      ) : null}
      {page === 'request' ? <ModuleRequests /> : null}
      {page === 'schedule' ? <TrainingScheduleView /> : null}
    </Box>
  );
};
