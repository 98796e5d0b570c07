import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import type { SignInActivity } from '@vigil/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { EmptyState } from '../../../components/empty-state';
import { ChartFigure } from '../../../components/chart-figure';
import { NumbersTable } from '../../../components/numbers-table';
import { SectionCard } from '../../../components/section-card';
import { StatTile } from '../../../components/stat-tile';
import { paths } from '../../../config/paths';
import { useSignInActivity } from '../api/get-organization-insights';
import { useInsightFormats } from './insight-formats';
import { InsightLoading, NumbersDisclosure } from './insight-page-states';
import { InsightWindowPicker, useInsightWindow } from './insight-window';

const knownMethods = ['password', 'otp', 'otp-email', 'otp-sms', 'magiclink', 'enchantedlink', 'password-reset', 'sso', 'webauthn', 'totp', 'notp', 'oauth', 'unknown'] as const;

/** A method's name in the reader's language; one the page does not know is shown as the provider records it. */
const methodName = (t: TFunction, method: string) =>
  (knownMethods as readonly string[]).includes(method) ? t(`organizationInsights.methods.${method as (typeof knownMethods)[number]}`) : method;

const colours = { succeeded: '#2e7d32', failed: '#c62828', blocked: '#6a1b9a' } as const;

const ByDay = ({ data }: { data: SignInActivity }) => {
  const { t } = useTranslation();
  const formats = useInsightFormats();
  const outcomes = (['succeeded', 'failed', 'blocked'] as const).map((outcome) => ({ outcome, label: t(`organizationInsights.signIns.${outcome}`) }));
  return (
    <SectionCard title={t('organizationInsights.signIns.byDayTitle')} intro={t('organizationInsights.signIns.byDayIntro')}>
      <ChartFigure label={t('organizationInsights.signIns.byDayChart')}>
        <BarChart
          height={260}
          skipAnimation
          xAxis={[{ scaleType: 'band', data: data.byDay.map((point) => formats.day(point.day)) }]}
          series={outcomes.map(({ outcome, label }) => ({ data: data.byDay.map((point) => point[outcome]), label, stack: 'attempts', color: colours[outcome] }))}
        />
      </ChartFigure>
      <NumbersDisclosure>
        <NumbersTable
          label={t('organizationInsights.signIns.byDayTitle')}
          fileName="sign-ins-by-day.csv"
          rows={data.byDay}
          rowKey={(row) => row.day}
          columns={[
            { key: 'day', label: t('organizationInsights.day'), value: (row) => row.day, show: (row) => formats.day(row.day) },
            ...outcomes.map(({ outcome, label }) => ({ key: outcome, label, value: (row: SignInActivity['byDay'][number]) => row[outcome], numeric: true })),
          ]}
        />
      </NumbersDisclosure>
    </SectionCard>
  );
};

/** /insights/organization/user-login-activity/: sign-ins over time, by method, and who failed most. */
export const SignInActivityPage = () => {
  const { t } = useTranslation();
  const formats = useInsightFormats();
  const [days, setDays] = useInsightWindow();
  const query = useSignInActivity(days);
  return (
    <Stack spacing={3}>
      <InsightWindowPicker days={days} onChange={setDays} />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('organizationInsights.utcNote')}
      </Typography>
      <InsightLoading isPending={query.isPending} isError={query.isError}>
        {() => {
          const data = query.data!;
          const attempts = data.totals.succeeded + data.totals.failed + data.totals.blocked;
          if (attempts === 0) return <EmptyState>{t('organizationInsights.signIns.empty', { count: days })}</EmptyState>;
          return (
            <>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
                <StatTile label={t('organizationInsights.signIns.succeeded')} value={formats.whole(data.totals.succeeded)} note={t('organizationInsights.signIns.peopleNote', { count: data.totals.people })} testId="sign-ins-succeeded" />
                <StatTile label={t('organizationInsights.signIns.failed')} value={formats.whole(data.totals.failed)} note={t('organizationInsights.signIns.shareNote', { share: formats.share(data.totals.failed, attempts) })} testId="sign-ins-failed" />
                <StatTile label={t('organizationInsights.signIns.blocked')} value={formats.whole(data.totals.blocked)} note={t('organizationInsights.signIns.blockedNote')} testId="sign-ins-blocked" />
              </Box>
              <ByDay data={data} />
              <SectionCard title={t('organizationInsights.signIns.methodsTitle')} intro={t('organizationInsights.signIns.methodsIntro')}>
                <NumbersTable
                  label={t('organizationInsights.signIns.methodsTitle')}
                  fileName="sign-ins-by-method.csv"
                  rows={data.byMethod}
                  rowKey={(row) => row.method}
                  testId="sign-in-methods"
                  columns={[
                    { key: 'method', label: t('organizationInsights.signIns.method'), value: (row) => row.method, show: (row) => methodName(t, row.method) },
                    { key: 'succeeded', label: t('organizationInsights.signIns.succeeded'), value: (row) => row.succeeded, numeric: true },
                    { key: 'failed', label: t('organizationInsights.signIns.failedOrBlocked'), value: (row) => row.failed, numeric: true },
                  ]}
                />
              </SectionCard>
              <SectionCard title={t('organizationInsights.signIns.failuresTitle')} intro={t('organizationInsights.signIns.failuresIntro')}>
                {data.mostFailures.length === 0 ? (
                  t('organizationInsights.signIns.noFailures')
                ) : (
                  <NumbersTable
                    label={t('organizationInsights.signIns.failuresTitle')}
                    fileName="sign-in-failures-by-person.csv"
                    rows={data.mostFailures}
                    rowKey={(row) => row.id}
                    testId="sign-in-failures"
                    columns={[
                      {
                        key: 'email',
                        label: t('organizationInsights.person'),
                        value: (row) => row.email,
                        show: (row) => (
                          <Link component={RouterLink} to={paths.insights.users.person(row.id)}>
                            {row.name}
                          </Link>
                        ),
                      },
                      { key: 'department', label: t('organizationInsights.department'), value: (row) => row.department ?? '', show: (row) => row.department ?? t('organizationInsights.noDepartment') },
                      { key: 'failed', label: t('organizationInsights.signIns.failedOrBlocked'), value: (row) => row.failed, numeric: true },
                      { key: 'last_at', label: t('organizationInsights.signIns.lastAt'), value: (row) => row.lastAt, show: (row) => formats.moment(row.lastAt) },
                    ]}
                  />
                )}
                <Link component={RouterLink} to={paths.settings.organization.loginLogs.getHref()}>
                  {t('organizationInsights.signIns.loginLogLink')}
                </Link>
              </SectionCard>
            </>
          );
        }}
      </InsightLoading>
    </Stack>
  );
};
