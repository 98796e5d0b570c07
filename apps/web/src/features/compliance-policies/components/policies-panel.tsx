import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { PolicySummary } from '@vigil/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '../../../components/empty-state';
import { ScrollableTableContainer } from '../../../components/scrollable-table-container';
import { SectionCard } from '../../../components/section-card';
import { messageOf } from '../../../lib/api-client';
import { useArchivePolicy } from '../api/archive-policy';
import { usePolicies, type PolicyStatus } from '../api/get-policies';
import { usePolicyFormat } from '../use-policy-format';
import { PolicyAcknowledgementsDialog } from './policy-acknowledgements-dialog';
import { PolicyEditorDialog } from './policy-editor-dialog';

const percentOf = (policy: PolicySummary) => (policy.required === 0 ? 0 : Math.round((policy.acknowledged / policy.required) * 100));

const AudienceText = ({ policy }: { policy: PolicySummary }) => {
  const { t } = useTranslation();
  const count = policy.audience.ids?.length ?? 0;
  switch (policy.audience.kind) {
    case 'organization':
      return <>{t('policies.panel.audience.organization')}</>;
    case 'departments':
      return <>{t('policies.panel.audience.departments', { count })}</>;
    case 'manager':
      return <>{t('policies.panel.audience.manager')}</>;
    default:
      return <>{t('policies.panel.audience.people', { count })}</>;
  }
};

const ArchiveDialog = ({ policy, onClose }: { policy: PolicySummary; onClose: () => void }) => {
  const { t } = useTranslation();
  const titleId = useId();
  const archive = useArchivePolicy();
  return (
    <Dialog open onClose={archive.isPending ? undefined : onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('policies.panel.archiveTitle', { title: policy.title })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('policies.panel.archiveText')}</DialogContentText>
        {archive.isError ? <Alert severity="error" sx={{ mt: 2 }}>{t('policies.panel.archiveFailed', { message: messageOf(archive.error) })}</Alert> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={archive.isPending}>
          {t('policies.panel.cancel')}
        </Button>
        <Button color="error" variant="contained" disabled={archive.isPending} onClick={() => archive.mutate(policy.id, { onSuccess: onClose })}>
          {t('policies.panel.archive')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

type Open = { kind: 'create' } | { kind: 'version'; policy: PolicySummary } | { kind: 'acknowledgements'; policy: PolicySummary } | { kind: 'archive'; policy: PolicySummary } | null;

/**
 * The admin's policies (a tab of /compliance/): each with its current version, who must acknowledge
 * it and how many have; new policies (Markdown or PDF), new versions with a change note, who has
 * not acknowledged (table and CSV), and archiving.
 */
export const PoliciesPanel = () => {
  const { t } = useTranslation();
  const format = usePolicyFormat();
  const [status, setStatus] = useState<PolicyStatus>('active');
  const [open, setOpen] = useState<Open>(null);
  const policies = usePolicies(status);
  const close = () => setOpen(null);

  return (
    <SectionCard
      title={t('policies.panel.title')}
      intro={t('policies.panel.intro')}
      testId="policies-panel"
    >
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center' }}>
          <ToggleButtonGroup size="small" exclusive value={status} onChange={(_, next: PolicyStatus | null) => next && setStatus(next)} aria-label={t('policies.panel.statusLabel')}>
            <ToggleButton value="active">{t('policies.panel.active')}</ToggleButton>
            <ToggleButton value="archived">{t('policies.panel.archived')}</ToggleButton>
          </ToggleButtonGroup>
          <Button variant="contained" onClick={() => setOpen({ kind: 'create' })} data-testid="policy-create">
            {t('policies.panel.create')}
          </Button>
        </Stack>
        {policies.isPending ? <Typography sx={{ color: 'text.secondary' }}>{t('policies.panel.loading')}</Typography> : null}
        {policies.isError ? <Alert severity="error">{t('policies.panel.loadFailed', { message: messageOf(policies.error) })}</Alert> : null}
        {policies.isSuccess && policies.data.length === 0 ? (
          <EmptyState testId="policies-empty">{status === 'active' ? t('policies.panel.empty') : t('policies.panel.emptyArchived')}</EmptyState>
        ) : null}
        {policies.isSuccess && policies.data.length > 0 ? (
          <ScrollableTableContainer label={t('policies.panel.tableLabel')}>
            <Table size="small" sx={{ minWidth: 900 }}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('policies.panel.columns.policy')}</TableCell>
                  <TableCell sx={{ minWidth: 160 }}>{t('policies.panel.columns.version')}</TableCell>
                  <TableCell>{t('policies.panel.columns.audience')}</TableCell>
                  <TableCell sx={{ minWidth: 180 }}>{t('policies.panel.columns.progress')}</TableCell>
                  <TableCell>{t('policies.panel.columns.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {policies.data.map((policy) => (
                  <TableRow key={policy.id} data-testid="policy-row">
                    <TableCell>
                      <Typography sx={{ fontWeight: 600 }}>{policy.title}</Typography>
                      {policy.description ? <Typography variant="body2" sx={{ color: 'text.secondary' }}>{policy.description}</Typography> : null}
                    </TableCell>
                    <TableCell>
                      {policy.currentVersion ? (
                        <>
                          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                            <span>{t('policies.panel.version', { version: policy.currentVersion.version })}</span>
                            <Chip size="small" variant="outlined" label={policy.currentVersion.format === 'pdf' ? t('policies.panel.pdf') : t('policies.panel.markdown')} />
                          </Stack>
                          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                            {t('policies.panel.published', { date: format.date(policy.currentVersion.publishedAt) })}
                          </Typography>
                        </>
                      ) : (
                        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                          {t('policies.panel.noVersion')}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <AudienceText policy={policy} />
                    </TableCell>
                    <TableCell>
                      {policy.currentVersion && !policy.archived ? (
                        <Box>
                          <Typography variant="body2" data-testid="policy-progress">
                            {t('policies.panel.progress', { acknowledged: policy.acknowledged, required: policy.required })}
                          </Typography>
                          <LinearProgress variant="determinate" value={percentOf(policy)} aria-label={t('policies.panel.progressLabel', { title: policy.title })} sx={{ mt: 0.5 }} />
                        </Box>
                      ) : null}
                    </TableCell>
                    <TableCell>
                      {policy.archived ? null : (
                        <Stack spacing={0.5} sx={{ alignItems: 'flex-start', '& .MuiButton-root': { whiteSpace: 'nowrap' } }}>
                          <Button size="small" variant="outlined" onClick={() => setOpen({ kind: 'version', policy })} aria-label={t('policies.panel.newVersionOf', { title: policy.title })}>
                            {policy.currentVersion ? t('policies.panel.newVersion') : t('policies.panel.publishFirst')}
                          </Button>
                          {policy.currentVersion ? (
                            <Button size="small" onClick={() => setOpen({ kind: 'acknowledgements', policy })} aria-label={t('policies.panel.whoHasNotOf', { title: policy.title })}>
                              {t('policies.panel.whoHasNot')}
                            </Button>
                          ) : null}
                          <Button size="small" color="error" onClick={() => setOpen({ kind: 'archive', policy })} aria-label={t('policies.panel.archiveOf', { title: policy.title })}>
                            {t('policies.panel.archive')}
                          </Button>
                        </Stack>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollableTableContainer>
        ) : null}
      </Stack>
      {open?.kind === 'create' ? <PolicyEditorDialog onClose={close} /> : null}
      {open?.kind === 'version' ? <PolicyEditorDialog policy={open.policy} onClose={close} /> : null}
      {open?.kind === 'acknowledgements' ? <PolicyAcknowledgementsDialog policy={open.policy} onClose={close} /> : null}
      {open?.kind === 'archive' ? <ArchiveDialog policy={open.policy} onClose={close} /> : null}
    </SectionCard>
  );
};
