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
import Typography from '@mui/material/Typography';
import type { Audience, CadenceRule } from '@vigil/contracts';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '../../../components/empty-state';
import { ScrollableTableContainer } from '../../../components/scrollable-table-container';
import { SectionCard } from '../../../components/section-card';
import { messageOf } from '../../../lib/api-client';
import { useDeleteCadenceRule } from '../api/delete-cadence-rule';
import { useCadenceRules } from '../api/get-cadence-rules';
import { useUpdateCadenceRule } from '../api/save-cadence-rule';
import { useAdminFormat } from '../use-admin-format';
import { CadenceRuleDialog } from './cadence-rule-dialog';
import { useDayFormat } from './use-day-format';

/** Who a rule assigns, in words. */
export const audienceText = (t: TFunction, audience: Audience) => {
  const count = audience.ids?.length ?? 0;
  if (audience.kind === 'organization') return t('trainingCadence.rules.audience.organization');
  if (audience.kind === 'manager') return t('trainingCadence.rules.audience.manager');
  return t(`trainingCadence.rules.audience.${audience.kind}`, { count });
};

type Confirming = { action: 'pause' | 'resume' | 'delete'; rule: CadenceRule };

/** Asks before pausing, resuming or deleting a rule, and says what happens to what it assigned. */
const ConfirmRuleAction = ({ confirming, onClose }: { confirming: Confirming; onClose: () => void }) => {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  const update = useUpdateCadenceRule();
  const remove = useDeleteCadenceRule();
  const [problem, setProblem] = useState<string | null>(null);
  const busy = update.isPending || remove.isPending;
  const { action, rule } = confirming;
  const confirm = async () => {
    setProblem(null);
    try {
      if (action === 'delete') await remove.mutateAsync(rule.id);
      else await update.mutateAsync({ id: rule.id, body: { state: action === 'pause' ? 'paused' : 'active' } });
      onClose();
    } catch (error) {
      setProblem(messageOf(error));
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} aria-describedby={bodyId}>
      <DialogTitle id={titleId}>{t(`trainingCadence.rules.confirm.${action}Title`)}</DialogTitle>
      <DialogContent>
        {problem ? <Alert severity="error" sx={{ mb: 2 }}>{t('trainingCadence.rules.confirm.failed', { message: problem })}</Alert> : null}
        <DialogContentText id={bodyId}>{t(`trainingCadence.rules.confirm.${action}Body`, { module: rule.moduleTitle })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('trainingCadence.rules.confirm.cancel')}
        </Button>
        <Button variant="contained" color={action === 'delete' ? 'error' : 'primary'} loading={busy} onClick={() => void confirm()}>
          {t(`trainingCadence.rules.confirm.${action}Confirm`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

const RuleRow = ({ rule, onEdit, onConfirm }: { rule: CadenceRule; onEdit: () => void; onConfirm: (action: Confirming['action']) => void }) => {
  const { t } = useTranslation();
  const days = useDayFormat();
  const format = useAdminFormat();
  const cadence =
    rule.cadence === 'on_hire'
      ? t('trainingCadence.rules.onHireWithin', { count: rule.newHireWindowDays })
      : t(rule.cadence === 'annual' ? 'trainingCadence.rules.everyYearFrom' : 'trainingCadence.rules.everyQuarterFrom', { date: days.day(rule.anchorDate) });
  const nextRun = rule.state === 'paused' ? t('trainingCadence.rules.pausedNoRun') : rule.cadence === 'on_hire' ? t('trainingCadence.rules.onStartDates') : format.date(rule.nextRunAt);
  return (
    <TableRow data-testid="cadence-rule-row">
      <TableCell>
        <Typography>{rule.moduleTitle}</Typography>
        {rule.lastRun ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('trainingCadence.rules.lastRun', { period: rule.lastRun.period, assigned: rule.lastRun.assigned, already: rule.lastRun.alreadyAssigned })}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell>{audienceText(t, rule.audience)}</TableCell>
      <TableCell>{cadence}</TableCell>
      <TableCell>{t('trainingCadence.rules.days', { count: rule.dueInDays })}</TableCell>
      <TableCell>{rule.frameworkId ?? t('trainingCadence.rules.noFramework')}</TableCell>
      <TableCell>{nextRun}</TableCell>
      <TableCell>
        <Chip size="small" variant="outlined" color={rule.state === 'active' ? 'success' : 'default'} label={t(`trainingCadence.states.${rule.state}`)} />
      </TableCell>
      <TableCell>
        <Stack direction="row" spacing={1} role="group" aria-label={t('trainingCadence.rules.actionsFor', { module: rule.moduleTitle })}>
          <Button size="small" onClick={onEdit}>
            {t('trainingCadence.rules.edit')}
          </Button>
          <Button size="small" onClick={() => onConfirm(rule.state === 'active' ? 'pause' : 'resume')}>
            {t(rule.state === 'active' ? 'trainingCadence.rules.pause' : 'trainingCadence.rules.resume')}
          </Button>
          <Button size="small" color="error" onClick={() => onConfirm('delete')}>
            {t('trainingCadence.rules.delete')}
          </Button>
        </Stack>
      </TableCell>
    </TableRow>
  );
};

/**
 * The cadence rules on /configure/trainings/frequency/: a table of rules (module, audience,
 * cadence, due in, framework, next run, state) with add and edit in a dialog, and pause, resume and
 * delete after a confirmation.
 */
export const CadenceRules = () => {
  const { t } = useTranslation();
  const rules = useCadenceRules();
  const [editing, setEditing] = useState<CadenceRule | 'new' | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const columns = ['module', 'audience', 'cadence', 'dueIn', 'framework', 'nextRun', 'state', 'actions'] as const;

  return (
    <SectionCard title={t('trainingCadence.rules.title')} intro={t('trainingCadence.rules.intro')} testId="cadence-rules">
      <Box>
        <Button variant="contained" onClick={() => setEditing('new')}>
          {t('trainingCadence.rules.add')}
        </Button>
      </Box>
      {rules.isPending ? <LinearProgress aria-label={t('trainingCadence.rules.tableLabel')} /> : null}
      {rules.isError ? <Alert severity="error">{t('trainingCadence.rules.loadFailed', { message: messageOf(rules.error) })}</Alert> : null}
      {rules.data && rules.data.length === 0 ? <EmptyState testId="cadence-rules-empty">{t('trainingCadence.rules.empty')}</EmptyState> : null}
      {rules.data && rules.data.length > 0 ? (
        <ScrollableTableContainer label={t('trainingCadence.rules.tableLabel')}>
          <Table size="small" aria-label={t('trainingCadence.rules.tableLabel')}>
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell key={column}>{t(`trainingCadence.rules.columns.${column}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rules.data.map((rule) => (
                <RuleRow key={rule.id} rule={rule} onEdit={() => setEditing(rule)} onConfirm={(action) => setConfirming({ action, rule })} />
              ))}
            </TableBody>
          </Table>
        </ScrollableTableContainer>
      ) : null}
      {editing ? <CadenceRuleDialog rule={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} /> : null}
      {confirming ? <ConfirmRuleAction confirming={confirming} onClose={() => setConfirming(null)} /> : null}
    </SectionCard>
  );
};
