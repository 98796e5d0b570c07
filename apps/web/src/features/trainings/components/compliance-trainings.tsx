import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MyPolicy } from '@vigil/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '../../../components/empty-state';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../config/paths';
import { messageOf } from '../../../lib/api-client';
import { useMyPolicies } from '../api/get-my-policies';
import { useMyTrainings } from '../api/get-my-trainings';
import { lessonHref } from '../model/lesson-link';
import { useTrainingFormat } from '../use-training-format';
import { PolicyReaderDialog } from './policy-reader-dialog';
import { TrainingCard } from './training-card';

const cardGrid = { listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } } as const;

/** The training modules the organisation's compliance frameworks require: the same cards and lesson links as the learning page. */
const RequiredTrainings = () => {
  const { t } = useTranslation();
  const trainings = useMyTrainings('compliance');
  const pagePath = paths.dashboard.trainings.compliance.getHref();
  return (
    <SectionCard title={t('trainings.compliance.title')} intro={t('policies.learner.trainingsIntro')} testId="compliance-list">
      {trainings.isPending ? <Typography sx={{ color: 'text.secondary' }}>{t('trainings.loading')}</Typography> : null}
      {trainings.isError ? <Alert severity="error">{t('trainings.loadFailed', { message: messageOf(trainings.error) })}</Alert> : null}
      {trainings.isSuccess && trainings.data.length === 0 ? <EmptyState testId="compliance-empty">{t('policies.learner.trainingsEmpty')}</EmptyState> : null}
      {trainings.isSuccess && trainings.data.length > 0 ? (
        <Box component="ul" sx={cardGrid}>
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

/** One policy: its version and what is asked, and the way into the reader. */
const PolicyCard = ({ policy, onRead }: { policy: MyPolicy; onRead: () => void }) => {
  const { t } = useTranslation();
  const format = useTrainingFormat();
  const titleId = useId();
  const toDo = policy.status === 'to_acknowledge';
  return (
    <Card variant="outlined" component="article" aria-labelledby={titleId} data-testid="policy-card" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
          <Chip size="small" color={toDo ? 'warning' : 'success'} label={toDo ? t('policies.learner.toAcknowledge') : t('policies.learner.acknowledgedTitle')} data-testid="policy-status" />
        </Stack>
        <Typography id={titleId} variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 0.5 }}>
          {policy.title}
        </Typography>
        {policy.description ? <Typography sx={{ color: 'text.secondary', mb: 1 }}>{policy.description}</Typography> : null}
        <Typography variant="body2" data-testid="policy-version">
          {toDo || !policy.acknowledgedAt
            ? t('policies.learner.version', { version: policy.version.version, date: format.date(policy.version.publishedAt) })
            : t('policies.learner.acknowledgedOn', { version: policy.version.version, date: format.date(policy.acknowledgedAt) })}
        </Typography>
        {policy.previousVersion !== null ? (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('policies.learner.updated', { version: policy.previousVersion })} {policy.version.changeNote}
          </Typography>
        ) : null}
      </CardContent>
      <CardActions>
        <Button variant={toDo ? 'contained' : 'text'} onClick={onRead} aria-label={toDo ? t('policies.learner.readOf', { title: policy.title }) : t('policies.learner.readAgainOf', { title: policy.title })}>
          {toDo ? t('policies.learner.read') : t('policies.learner.readAgain')}
        </Button>
      </CardActions>
    </Card>
  );
};

/** The policies the person is asked to read and acknowledge, those still to do first. */
const PoliciesToRead = () => {
  const { t } = useTranslation();
  const policies = useMyPolicies();
  const [reading, setReading] = useState<MyPolicy | null>(null);
  return (
    <SectionCard title={t('policies.learner.policiesTitle')} intro={t('policies.learner.policiesIntro')} testId="policies-list">
      {policies.isPending ? <Typography sx={{ color: 'text.secondary' }}>{t('trainings.loading')}</Typography> : null}
      {policies.isError ? <Alert severity="error">{t('policies.learner.loadFailed', { message: messageOf(policies.error) })}</Alert> : null}
      {policies.isSuccess && policies.data.length === 0 ? <EmptyState testId="policies-empty">{t('policies.learner.policiesEmpty')}</EmptyState> : null}
      {policies.isSuccess && policies.data.length > 0 ? (
        <Box component="ul" sx={cardGrid}>
          {policies.data.map((policy) => (
            <li key={policy.id}>
              <PolicyCard policy={policy} onRead={() => setReading(policy)} />
            </li>
          ))}
        </Box>
      ) : null}
      {reading ? <PolicyReaderDialog policyId={reading.id} title={reading.title} onClose={() => setReading(null)} /> : null}
    </SectionCard>
  );
};

/**
 * The learner's compliance page: the training modules their organisation's compliance frameworks
 * require (GET /api/my-trainings/?tab=compliance), and the policies they are asked to read and
 * acknowledge, with those acknowledged listed by version and date.
 */
export const ComplianceTrainings = () => (
  <Stack spacing={3}>
    <RequiredTrainings />
    <PoliciesToRead />
  </Stack>
);
