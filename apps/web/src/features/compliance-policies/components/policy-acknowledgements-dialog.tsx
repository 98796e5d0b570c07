import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PolicySummary } from '@vigil/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { KeysetTable } from '../../../components/keyset-table';
import { messageOf } from '../../../lib/api-client';
import { useExportPolicyAcknowledgementsCsv, usePolicyAcknowledgements, type AcknowledgementStatus } from '../api/get-policy-acknowledgements';
import { usePolicyFormat } from '../use-policy-format';

const emptyText = { pending: 'policies.acknowledgements.emptyPending', acknowledged: 'policies.acknowledgements.emptyAcknowledged', all: 'policies.acknowledgements.emptyAll' } as const;

/**
 * Who in a policy's audience has not (or has) acknowledged its current version, by name, 50 at a
 * time, and the same list as a CSV download.
 */
export const PolicyAcknowledgementsDialog = ({ policy, onClose }: { policy: PolicySummary; onClose: () => void }) => {
  const { t } = useTranslation();
  const titleId = useId();
  const format = usePolicyFormat();
  const [status, setStatus] = useState<AcknowledgementStatus>('pending');
  const list = usePolicyAcknowledgements(policy.id, status);
  const exportCsv = useExportPolicyAcknowledgementsCsv();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const version = list.data?.pages[0]?.version ?? policy.currentVersion?.version ?? null;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth>
      <DialogTitle id={titleId}>{t('policies.acknowledgements.title', { title: policy.title })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography sx={{ color: 'text.secondary' }}>{version === null ? t('policies.acknowledgements.noVersion') : t('policies.acknowledgements.intro', { version })}</Typography>
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField select size="small" label={t('policies.acknowledgements.filter')} value={status} onChange={(event) => setStatus(event.target.value as AcknowledgementStatus)} sx={{ minWidth: 220 }}>
              <MenuItem value="pending">{t('policies.acknowledgements.pending')}</MenuItem>
              <MenuItem value="acknowledged">{t('policies.acknowledgements.acknowledged')}</MenuItem>
              <MenuItem value="all">{t('policies.acknowledgements.all')}</MenuItem>
            </TextField>
            <Button variant="outlined" onClick={() => exportCsv.mutate({ id: policy.id, status })} disabled={exportCsv.isPending} data-testid="policy-acknowledgements-csv">
              {t('policies.acknowledgements.exportCsv')}
            </Button>
          </Stack>
          {exportCsv.isError ? <Alert severity="error">{t('policies.acknowledgements.exportFailed', { message: messageOf(exportCsv.error) })}</Alert> : null}
          <KeysetTable
            query={list}
            items={items}
            label={t('policies.acknowledgements.tableLabel')}
            minWidth={800}
            columns={[
              { label: t('policies.acknowledgements.columns.name') },
              { label: t('policies.acknowledgements.columns.email') },
              { label: t('policies.acknowledgements.columns.department') },
              { label: t('policies.acknowledgements.columns.status') },
              { label: t('policies.acknowledgements.columns.acknowledgedAt') },
            ]}
            renderRow={(row) => (
              <TableRow key={row.personId} data-testid="policy-acknowledgement-row">
                <TableCell>{row.name}</TableCell>
                <TableCell>{row.email}</TableCell>
                <TableCell>{row.department ?? ''}</TableCell>
                <TableCell>
                  {row.status === 'acknowledged'
                    ? t('policies.acknowledgements.statusAcknowledged')
                    : row.previousVersion === null
                      ? t('policies.acknowledgements.statusPending')
                      : t('policies.acknowledgements.statusPendingPrevious', { version: row.previousVersion })}
                </TableCell>
                <TableCell>{row.acknowledgedAt ? format.date(row.acknowledgedAt) : ''}</TableCell>
              </TableRow>
            )}
            empty={{ text: t(emptyText[status]), testId: 'policy-acknowledgements-empty' }}
            loadFailed={t('policies.acknowledgements.loadFailed', { message: messageOf(list.error) })}
            showMore={t('policies.acknowledgements.showMore')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('policies.acknowledgements.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
