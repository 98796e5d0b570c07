import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { EmptyState } from '../../../components/empty-state';
import { ChartFigure } from '../../../components/chart-figure';
import { NumbersTable } from '../../../components/numbers-table';
import { SectionCard } from '../../../components/section-card';
import { StatTile } from '../../../components/stat-tile';
import { paths } from '../../../config/paths';
import { useDeviceProtection } from '../api/get-organization-insights';
import { useInsightFormats } from './insight-formats';
import { InsightLoading, NumbersDisclosure } from './insight-page-states';
import { InsightWindowPicker, useInsightWindow } from './insight-window';

/**
 * /insights/organization/device-protection-status/: what sign-ins tell about people's devices (the
 * kind of system and browser), and an honest word on what only a device connection can tell.
 */
export const DeviceProtectionPage = () => {
  const { t } = useTranslation();
  const formats = useInsightFormats();
  const [days, setDays] = useInsightWindow();
  const query = useDeviceProtection(days);
  return (
    <Stack spacing={3}>
      <Alert severity="info" data-testid="watchtower-not-connected">
        <AlertTitle>{t('organizationInsights.devices.unknownTitle')}</AlertTitle>
        {t('organizationInsights.devices.unknownBody')}
        <Box sx={{ mt: 1 }}>
          <Button component={RouterLink} to={paths.onboarding.setupWatchtower.google.getHref()} variant="outlined" size="small">
            {t('organizationInsights.devices.connect')}
          </Button>
        </Box>
      </Alert>
      <InsightWindowPicker days={days} onChange={setDays} />
      <InsightLoading isPending={query.isPending} isError={query.isError}>
        {() => {
          const data = query.data!;
          if (data.devices.length === 0) return <EmptyState>{t('organizationInsights.devices.empty', { count: days })}</EmptyState>;
          const label = (row: (typeof data.devices)[number]) => t('organizationInsights.devices.kind', { os: formats.device(row.os), browser: formats.device(row.browser) });
          return (
            <>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
                <StatTile label={t('organizationInsights.devices.kinds')} value={formats.whole(data.devices.length)} />
                <StatTile label={t('organizationInsights.devices.severalSystems')} value={formats.whole(data.peopleOnSeveralSystems)} note={t('organizationInsights.devices.severalSystemsNote')} />
              </Box>
              <SectionCard title={t('organizationInsights.devices.kindsTitle')} intro={t('organizationInsights.devices.kindsIntro')}>
                <ChartFigure label={t('organizationInsights.devices.kindsChart')}>
                  <BarChart
                    height={Math.max(160, 40 * data.devices.length)}
                    layout="horizontal"
                    skipAnimation
                    hideLegend
                    yAxis={[{ scaleType: 'band', data: data.devices.map(label), width: 170 }]}
                    series={[{ data: data.devices.map((row) => row.people), label: t('organizationInsights.peopleColumn'), color: '#1565c0' }]}
                  />
                </ChartFigure>
                <NumbersDisclosure>
                  <NumbersTable
                    label={t('organizationInsights.devices.kindsTitle')}
                    fileName="device-kinds.csv"
                    rows={data.devices}
                    rowKey={(row) => `${row.os}-${row.browser}`}
                    testId="device-kinds"
                    columns={[
                      { key: 'os', label: t('organizationInsights.devices.system'), value: (row) => row.os, show: (row) => formats.device(row.os) },
                      { key: 'browser', label: t('organizationInsights.devices.browser'), value: (row) => row.browser, show: (row) => formats.device(row.browser) },
                      { key: 'people', label: t('organizationInsights.peopleColumn'), value: (row) => row.people, numeric: true },
                      { key: 'sign_ins', label: t('organizationInsights.devices.signIns'), value: (row) => row.signIns, numeric: true },
                    ]}
                  />
                </NumbersDisclosure>
              </SectionCard>
            </>
          );
        }}
      </InsightLoading>
    </Stack>
  );
};
