import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { InsightsPersonDetail, SimulationEventType } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '../../../components/empty-state';
import { PageSpinner } from '../../../components/page-spinner';
import { ScrollableTableContainer } from '../../../components/scrollable-table-container';
import { SectionCard } from '../../../components/section-card';
import { ApiError, messageOf } from '../../../lib/api-client';
import { RiskScore, RiskScoreBreakdown } from '../../risk/components/risk-score-breakdown';
import { useInsightsPerson } from '../api/people-insights';

/** What a person did with a lure, the most serious first: one line in their history. */
const outcomeOrder = ['submitted', 'called', 'replied', 'attachment_opened', 'qr_scanned', 'clicked', 'opened'] as const satisfies readonly SimulationEventType[];
type Outcome = (typeof outcomeOrder)[number] | 'nothing';

const outcomeOf = (events: readonly { type: SimulationEventType }[]): { outcome: Outcome; reported: boolean } => ({
  outcome: outcomeOrder.find((type) => events.some((event) => event.type === type)) ?? 'nothing',
  reported: events.some((event) => event.type === 'reported'),
});

const failed = (outcome: Outcome) => outcome !== 'nothing' && outcome !== 'opened';

const useDates = () => {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (iso: string | null) => (iso ? format.format(new Date(iso)) : '—');
};

const Simulations = ({ simulations }: { simulations: InsightsPersonDetail['simulations'] }) => {
  const { t } = useTranslation();
  const date = useDates();
  if (simulations.length === 0) return <EmptyState testId="person-simulations-empty">{t('peopleInsights.person.noSimulations')}</EmptyState>;
  return (
    <ScrollableTableContainer label={t('peopleInsights.person.simulations')}>
      <Table size="small" sx={{ minWidth: 640 }} data-testid="person-simulations">
        <TableHead>
          <TableRow>
            <TableCell>{t('peopleInsights.person.sent')}</TableCell>
            <TableCell>{t('peopleInsights.person.campaign')}</TableCell>
            <TableCell>{t('peopleInsights.person.lure')}</TableCell>
            <TableCell>{t('peopleInsights.person.whatHappened')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {simulations.map((simulation) => {
            const { outcome, reported } = outcomeOf(simulation.events);
            return (
              <TableRow key={`${simulation.campaignId}-${simulation.sentAt}`}>
                <TableCell>{date(simulation.sentAt)}</TableCell>
                <TableCell>{simulation.campaignName}</TableCell>
                <TableCell>{simulation.templateName}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    <Chip size="small" color={failed(outcome) ? 'error' : 'default'} variant={failed(outcome) ? 'filled' : 'outlined'} label={t(`peopleInsights.outcomes.${outcome}`)} />
                    {reported ? <Chip size="small" color="success" label={t('peopleInsights.outcomes.reported')} /> : null}
                  </Stack>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </ScrollableTableContainer>
  );
};

const Trainings = ({ trainings }: { trainings: InsightsPersonDetail['trainings'] }) => {
  const { t } = useTranslation();
  const date = useDates();
  if (trainings.length === 0) return <EmptyState testId="person-trainings-empty">{t('peopleInsights.person.noTrainings')}</EmptyState>;
  return (
    <ScrollableTableContainer label={t('peopleInsights.person.trainings')}>
      <Table size="small" sx={{ minWidth: 640 }} data-testid="person-trainings">
        <TableHead>
          <TableRow>
            <TableCell>{t('peopleInsights.person.lesson')}</TableCell>
            <TableCell>{t('peopleInsights.person.status')}</TableCell>
            <TableCell>{t('peopleInsights.person.due')}</TableCell>
            <TableCell>{t('peopleInsights.person.completed')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {trainings.map((training) => (
            <TableRow key={training.id}>
              <TableCell>
                {training.moduleTitle}
                {training.reason === 'remedial' ? (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('peopleInsights.person.afterFailure')}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>
                <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  <Chip size="small" label={t(`trainingAdmin.statuses.${training.status}`)} color={training.status === 'completed' ? 'success' : training.status === 'failed' ? 'error' : 'default'} />
                  {training.overdue ? <Chip size="small" color="warning" label={t('peopleInsights.person.overdue')} /> : null}
                </Stack>
              </TableCell>
              <TableCell>{date(training.dueAt)}</TableCell>
              <TableCell>
                {date(training.completedAt)}
                {training.score !== null ? (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('peopleInsights.person.score', { score: training.score })}
                  </Typography>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollableTableContainer>
  );
};

/** /insights/users/?person=: one person's score and why, their simulations and their training. */
export const PersonRiskPage = ({ personId }: { personId: string }) => {
  const { t } = useTranslation();
  const person = useInsightsPerson(personId);
  if (person.isPending) return <PageSpinner />;
  if (person.isError) {
    const notFound = person.error instanceof ApiError && person.error.status === 404;
    return <Alert severity={notFound ? 'info' : 'error'}>{notFound ? t('peopleInsights.person.notFound') : t('peopleInsights.person.loadFailed', { message: messageOf(person.error) })}</Alert>;
  }
  const { person: who, breakdown, simulations, trainings } = person.data;
  const facts = [who.jobTitle, who.department?.name, who.manager ? t('peopleInsights.person.reportsTo', { name: who.manager.name }) : null].filter(Boolean).join(' · ');
  return (
    <Stack spacing={3} data-testid="person-risk">
      <SectionCard title={`${who.firstName} ${who.lastName}`.trim()} intro={facts || who.email}>
        <RiskScore score={who.score} testId="person-risk-score" />
        {breakdown && breakdown.factors.length > 0 ? <RiskScoreBreakdown breakdown={breakdown} /> : <Typography>{t('peopleInsights.person.nothingCounted')}</Typography>}
      </SectionCard>
      <SectionCard title={t('peopleInsights.person.simulations')} intro={t('peopleInsights.person.simulationsIntro')}>
        <Simulations simulations={simulations} />
      </SectionCard>
      <SectionCard title={t('peopleInsights.person.trainings')} intro={t('peopleInsights.person.trainingsIntro')}>
        <Trainings trainings={trainings} />
      </SectionCard>
    </Stack>
  );
};
