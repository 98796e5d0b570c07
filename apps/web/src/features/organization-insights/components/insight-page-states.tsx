import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { PageSpinner } from '../../../components/page-spinner';

/** While a subpage's numbers load or when they cannot: a spinner, or an error that says so. */
export const InsightLoading = ({ isPending, isError, children }: { isPending: boolean; isError: boolean; children: () => ReactNode }) => {
  const { t } = useTranslation();
  if (isPending) return <PageSpinner />;
  if (isError) return <Alert severity="error">{t('organizationInsights.loadError')}</Alert>;
  return <>{children()}</>;
};

/** "Show the numbers": the table behind a chart, folded away until asked for. */
export const NumbersDisclosure = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation();
  return (
    <Box component="details">
      <Box component="summary" sx={{ cursor: 'pointer', mb: 1 }}>
        {t('organizationInsights.showNumbers')}
      </Box>
      {children}
    </Box>
  );
};
