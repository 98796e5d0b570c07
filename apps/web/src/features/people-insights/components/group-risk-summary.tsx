import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { PageSpinner } from '../../../components/page-spinner';
import { SectionCard } from '../../../components/section-card';
import { messageOf } from '../../../lib/api-client';
import { RiskScore } from '../../risk/components/risk-score-breakdown';
import { type PeopleScope, useInsightsGroup } from '../api/people-insights';

/** A group's score with its likely range, how many people it covers and what drives it, in points per person. */
export const GroupRiskSummary = ({ scope, title, intro }: { scope: PeopleScope; title: string; intro: string }) => {
  const { t, i18n } = useTranslation();
  const group = useInsightsGroup(scope);
  const signed = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1, signDisplay: 'exceptZero' });
  return (
    <SectionCard title={title} intro={intro} testId="group-risk">
      {group.isPending ? <PageSpinner /> : null}
      {group.isError ? <Alert severity="error">{t('peopleInsights.group.loadFailed', { message: messageOf(group.error) })}</Alert> : null}
      {group.data ? (
        <>
          <RiskScore score={group.data.aggregate.score} bound={group.data.aggregate} testId="group-risk-score" />
          <Typography variant="body2">{t('peopleInsights.group.people', { count: group.data.aggregate.people })}</Typography>
          {group.data.drivers.length > 0 ? (
            <>
              <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mt: 1 }} id="group-drivers-title">
                {t('peopleInsights.group.drivers')}
              </Typography>
              <List dense aria-labelledby="group-drivers-title" data-testid="group-drivers">
                {group.data.drivers.map((driver) => (
                  <ListItem key={driver.factor} disableGutters>
                    <ListItemText primary={t(`risk.factors.${driver.factor}`)} secondary={t('peopleInsights.group.affected', { count: driver.people })} />
                    <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap', ml: 2 }}>{t('peopleInsights.group.perPerson', { points: signed.format(driver.points) })}</Typography>
                  </ListItem>
                ))}
              </List>
            </>
          ) : null}
        </>
      ) : null}
    </SectionCard>
  );
};
