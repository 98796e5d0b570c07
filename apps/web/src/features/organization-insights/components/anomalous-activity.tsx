import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type SignInAnomalies, signInAnomalyRules } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { EmptyState } from '../../../components/empty-state';
import { NumbersTable } from '../../../components/numbers-table';
import { SectionCard } from '../../../components/section-card';
import { StatTile } from '../../../components/stat-tile';
import { paths } from '../../../config/paths';
import { useSignInAnomalies } from '../api/get-organization-insights';
import { useInsightFormats } from './insight-formats';
import { InsightLoading } from './insight-page-states';
import { InsightWindowPicker, useInsightWindow } from './insight-window';

type Anomaly = SignInAnomalies['anomalies'][number];

/** What was unusual, in a sentence: the device, the country, the distance and speed, the attempts. */
const useAnomalyDetail = () => {
  const { t } = useTranslation();
  const formats = useInsightFormats();
  return (anomaly: Anomaly) => {
    switch (anomaly.rule) {
      case 'new_device':
        return t('organizationInsights.anomalies.detail.new_device', { device: formats.device(anomaly.device ?? '–') });
      case 'new_country':
        return t('organizationInsights.anomalies.detail.new_country', { country: formats.country(anomaly.country) });
      case 'impossible_travel':
        return t('organizationInsights.anomalies.detail.impossible_travel', {
          from: formats.country(anomaly.previousCountry),
          to: formats.country(anomaly.country),
          km: formats.whole(anomaly.km ?? 0),
          speed: formats.whole(anomaly.kmPerHour ?? 0),
        });
      case 'lockout_burst':
        return t('organizationInsights.anomalies.detail.lockout_burst', { count: anomaly.attempts ?? 5 });
    }
  };
};

/** /insights/organization/anomalous-activity/: what the sign-in anomaly rules found, and how each rule works. */
export const AnomalousActivityPage = () => {
  const { t } = useTranslation();
  const formats = useInsightFormats();
  const detail = useAnomalyDetail();
  const [days, setDays] = useInsightWindow();
  const query = useSignInAnomalies(days);
  return (
    <Stack spacing={3}>
      <InsightWindowPicker days={days} onChange={setDays} />
      <InsightLoading isPending={query.isPending} isError={query.isError}>
        {() => {
          const data = query.data!;
          const found = data.byRule.reduce((sum, rule) => sum + rule.count, 0);
          return (
            <>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }} data-testid="anomaly-rules">
                {data.byRule.map((rule) => (
                  <StatTile key={rule.rule} label={t(`organizationInsights.anomalies.rules.${rule.rule}`)} value={formats.whole(rule.count)} note={t('organizationInsights.anomalies.peopleNote', { count: rule.people })} />
                ))}
              </Box>
              <SectionCard title={t('organizationInsights.anomalies.listTitle')} intro={t('organizationInsights.anomalies.listIntro')}>
                {found > data.anomalies.length ? <Typography variant="body2">{t('organizationInsights.anomalies.listLimited', { shown: formats.whole(data.anomalies.length), count: found })}</Typography> : null}
                {data.anomalies.length === 0 ? (
                  <EmptyState>{t('organizationInsights.anomalies.empty', { count: days })}</EmptyState>
                ) : (
                  <NumbersTable
                    label={t('organizationInsights.anomalies.listTitle')}
                    fileName="sign-in-anomalies.csv"
                    rows={data.anomalies}
                    rowKey={(row) => `${row.at}-${row.person.id}-${row.rule}`}
                    testId="anomalies"
                    columns={[
                      { key: 'at', label: t('organizationInsights.anomalies.when'), value: (row) => row.at, show: (row) => formats.moment(row.at) },
                      {
                        key: 'email',
                        label: t('organizationInsights.person'),
                        value: (row) => row.person.email,
                        show: (row) => (
                          <Link component={RouterLink} to={paths.insights.users.person(row.person.id)}>
                            {row.person.name}
                          </Link>
                        ),
                      },
                      { key: 'rule', label: t('organizationInsights.anomalies.rule'), value: (row) => row.rule, show: (row) => t(`organizationInsights.anomalies.rules.${row.rule}`) },
                      { key: 'detail', label: t('organizationInsights.anomalies.what'), value: (row) => detail(row) },
                    ]}
                  />
                )}
              </SectionCard>
              <SectionCard title={t('organizationInsights.anomalies.howTitle')} intro={t('organizationInsights.anomalies.howIntro')}>
                <Box component="dl" sx={{ m: 0 }}>
                  {signInAnomalyRules.map((rule) => (
                    <Box key={rule} sx={{ mb: 1.5 }}>
                      <Typography component="dt" sx={{ fontWeight: 600 }}>
                        {t(`organizationInsights.anomalies.rules.${rule}`)}
                      </Typography>
                      <Typography component="dd" sx={{ m: 0 }}>
                        {t(`organizationInsights.anomalies.explain.${rule}`)}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              </SectionCard>
            </>
          );
        }}
      </InsightLoading>
    </Stack>
  );
};
