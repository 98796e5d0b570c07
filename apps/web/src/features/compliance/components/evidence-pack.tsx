import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ComplianceFrameworkId } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { messageOf } from '../../../lib/api-client';
import { useDownloadEvidence } from '../api/download-compliance-files';
import { lastTwelveMonths } from '../use-compliance-format';

/** The evidence pack of one framework for a date range: the PDF summary and the completions CSV. */
export const EvidencePack = ({ frameworkId }: { frameworkId: ComplianceFrameworkId }) => {
  const { t } = useTranslation();
  const [range, setRange] = useState(lastTwelveMonths);
  const download = useDownloadEvidence();
  const pending = download.isPending ? download.variables?.format : undefined;
  return (
    <Stack spacing={1.5} data-testid={`evidence-pack-${frameworkId}`}>
      <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
        {t('compliance.evidence.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{t('compliance.evidence.intro')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
        <TextField type="date" size="small" label={t('compliance.evidence.from')} value={range.from} onChange={(event) => setRange({ ...range, from: event.target.value })} slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: range.to, 'data-testid': `evidence-from-${frameworkId}` } }} />
        <TextField type="date" size="small" label={t('compliance.evidence.to')} value={range.to} onChange={(event) => setRange({ ...range, to: event.target.value })} slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: range.from, 'data-testid': `evidence-to-${frameworkId}` } }} />
        <Button variant="contained" disabled={!range.from || !range.to} loading={pending === 'pdf'} onClick={() => download.mutate({ id: frameworkId, ...range, format: 'pdf' })} data-testid={`evidence-pdf-${frameworkId}`}>
          {t('compliance.evidence.pdf')}
        </Button>
        <Button variant="outlined" disabled={!range.from || !range.to} loading={pending === 'csv'} onClick={() => download.mutate({ id: frameworkId, ...range, format: 'csv' })} data-testid={`evidence-csv-${frameworkId}`}>
          {t('compliance.evidence.csv')}
        </Button>
      </Stack>
      {download.error ? <Alert severity="error">{t('compliance.evidence.failed', { message: messageOf(download.error) })}</Alert> : null}
    </Stack>
  );
};
