import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { EmptyState } from '../../../components/empty-state';
import { ScrollableTableContainer } from '../../../components/scrollable-table-container';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../config/paths';
import { messageOf } from '../../../lib/api-client';
import { useMyTrainings } from '../api/get-my-trainings';
import { lessonHref } from '../model/lesson-link';
import { useTrainingFormat } from '../use-training-format';
import { CertificateButton } from './certificate-button';

/** What the person has finished: score, completion date, the certificate, and the lesson to watch again. */
export const CompletedList = () => {
  const { t } = useTranslation();
  const format = useTrainingFormat();
  const trainings = useMyTrainings('completed');
  const pagePath = paths.dashboard.trainings.completed.getHref();
  return (
    <SectionCard title={t('trainings.completed.title')} intro={t('trainings.completed.intro')} testId="completed-list">
      {trainings.isPending ? <Typography sx={{ color: 'text.secondary' }}>{t('trainings.loading')}</Typography> : null}
      {trainings.isError ? <Alert severity="error">{t('trainings.loadFailed', { message: messageOf(trainings.error) })}</Alert> : null}
      {trainings.isSuccess && trainings.data.length === 0 ? <EmptyState testId="completed-empty">{t('trainings.completed.empty')}</EmptyState> : null}
      {trainings.isSuccess && trainings.data.length > 0 ? (
        <ScrollableTableContainer label={t('trainings.completed.title')}>
          <Table size="small" sx={{ minWidth: 640 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('trainings.completed.columns.module')}</TableCell>
                <TableCell>{t('trainings.completed.columns.completed')}</TableCell>
                <TableCell align="right">{t('trainings.completed.columns.score')}</TableCell>
                <TableCell align="right">{t('trainings.completed.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {trainings.data.map((assignment) => (
                <TableRow key={assignment.id} data-testid="completed-row">
                  <TableCell sx={{ fontWeight: 600 }}>{assignment.module.title}</TableCell>
                  <TableCell title={format.dateTime(assignment.completedAt)} sx={{ whiteSpace: 'nowrap' }}>
                    {format.date(assignment.completedAt)}
                  </TableCell>
                  <TableCell align="right">{assignment.score === null ? t('trainings.noDate') : t('trainings.completed.score', { score: assignment.score })}</TableCell>
                  <TableCell align="right">
                    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'flex-start' }}>
                      {assignment.status === 'completed' ? <CertificateButton assignmentId={assignment.id} title={assignment.module.title} size="small" /> : null}
                      <Button
                        size="small"
                        component={RouterLink}
                        to={lessonHref(pagePath, assignment.id)}
                        aria-label={t('trainings.completed.watchAgainLabel', { title: assignment.module.title })}
                      >
                        {t('trainings.completed.watchAgain')}
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollableTableContainer>
      ) : null}
    </SectionCard>
  );
};
