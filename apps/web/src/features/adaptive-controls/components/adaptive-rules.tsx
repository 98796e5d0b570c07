import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import type { AdaptiveRule } from '@vigil/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '../../../components/empty-state';
import { ScrollableTableContainer } from '../../../components/scrollable-table-container';
import { SectionCard } from '../../../components/section-card';
import { messageOf } from '../../../lib/api-client';
import { readServerFieldErrors } from '../../../lib/server-field-errors';
import { useTrainingModules } from '../../training-admin/api/get-training-modules';
import { useAdaptiveRules, useDeleteAdaptiveRule, useSaveAdaptiveRule } from '../api/adaptive-controls';

type Draft = {
  name: string;
  kind: 'score_at_least' | 'failures_within';
  threshold: string;
  count: string;
  days: string;
  assignModuleId: string;
  notifyManager: boolean;
  requireMfa: boolean;
  sessionMaxMinutes: string;
  enabled: boolean;
};

const draftOf = (rule: AdaptiveRule | null): Draft => ({
  name: rule?.name ?? '',
  kind: rule?.trigger.kind ?? 'failures_within',
  threshold: String(rule?.trigger.kind === 'score_at_least' ? rule.trigger.threshold : 60),
  count: String(rule?.trigger.kind === 'failures_within' ? rule.trigger.count : 2),
  days: String(rule?.trigger.kind === 'failures_within' ? rule.trigger.days : 30),
  assignModuleId: rule?.actions.assignModuleId ?? '',
  notifyManager: rule?.actions.notifyManager ?? true,
  requireMfa: rule?.actions.requireMfa ?? true,
  sessionMaxMinutes: rule?.actions.sessionMaxMinutes ? String(rule.actions.sessionMaxMinutes) : '',
  enabled: rule?.enabled ?? true,
});

/** The rule in words: "2 failed simulations within 30 days" or "a score of 60 or more". */
export const useTriggerText = () => {
  const { t } = useTranslation();
  return (trigger: AdaptiveRule['trigger']) =>
    trigger.kind === 'score_at_least' ? t('adaptiveControls.trigger.scoreText', { threshold: trigger.threshold }) : t('adaptiveControls.trigger.failuresText', { count: trigger.count, days: trigger.days });
};

const RuleDialog = ({ rule, onClose }: { rule: AdaptiveRule | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const titleId = useId();
  const save = useSaveAdaptiveRule();
  const modules = useTrainingModules();
  const [draft, setDraft] = useState<Draft>(() => draftOf(rule));
  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => setDraft((current) => ({ ...current, [field]: value }));
  const problems = readServerFieldErrors(save.error);
  const problemOf = (prefix: string) => problems.find((issue) => issue.field === prefix || issue.field.startsWith(`${prefix}.`))?.problem;
  const submit = () =>
    save.mutate(
      {
        id: rule?.id,
        body: {
          name: draft.name,
          trigger: draft.kind === 'score_at_least' ? { kind: 'score_at_least', threshold: Number(draft.threshold) } : { kind: 'failures_within', count: Number(draft.count), days: Number(draft.days) },
          actions: {
            assignModuleId: draft.assignModuleId || null,
            notifyManager: draft.notifyManager,
            requireMfa: draft.requireMfa,
            sessionMaxMinutes: draft.sessionMaxMinutes ? Number(draft.sessionMaxMinutes) : null,
          },
          enabled: draft.enabled,
        },
      },
      { onSuccess: onClose },
    );
  const unplaced = problems.filter((issue) => !['name', 'trigger', 'actions'].some((prefix) => issue.field === prefix || issue.field.startsWith(`${prefix}.`)));
  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{rule ? t('adaptiveControls.rules.editTitle') : t('adaptiveControls.rules.addTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label={t('adaptiveControls.rules.name')} value={draft.name} onChange={(event) => set('name', event.target.value)} error={Boolean(problemOf('name'))} helperText={problemOf('name')} slotProps={{ htmlInput: { maxLength: 120 } }} />
          <TextField select label={t('adaptiveControls.trigger.label')} value={draft.kind} onChange={(event) => set('kind', event.target.value as Draft['kind'])}>
            <MenuItem value="failures_within">{t('adaptiveControls.trigger.failures')}</MenuItem>
            <MenuItem value="score_at_least">{t('adaptiveControls.trigger.score')}</MenuItem>
          </TextField>
          {draft.kind === 'score_at_least' ? (
            <TextField type="number" label={t('adaptiveControls.trigger.threshold')} value={draft.threshold} onChange={(event) => set('threshold', event.target.value)} error={Boolean(problemOf('trigger'))} helperText={problemOf('trigger')} slotProps={{ htmlInput: { min: 1, max: 100 } }} />
          ) : (
            <Stack direction="row" spacing={2}>
              <TextField type="number" label={t('adaptiveControls.trigger.count')} value={draft.count} onChange={(event) => set('count', event.target.value)} error={Boolean(problemOf('trigger'))} helperText={problemOf('trigger')} slotProps={{ htmlInput: { min: 1, max: 20 } }} sx={{ flex: 1 }} />
              <TextField type="number" label={t('adaptiveControls.trigger.days')} value={draft.days} onChange={(event) => set('days', event.target.value)} slotProps={{ htmlInput: { min: 7, max: 365 } }} sx={{ flex: 1 }} />
            </Stack>
          )}
          <TextField select label={t('adaptiveControls.actions.assignModule')} value={draft.assignModuleId} onChange={(event) => set('assignModuleId', event.target.value)} error={Boolean(problemOf('actions.assignModuleId'))} helperText={problemOf('actions.assignModuleId')}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
            <MenuItem value="">{t('adaptiveControls.actions.noModule')}</MenuItem>
            {(modules.data ?? []).map((module) => (
              <MenuItem key={module.id} value={module.id}>
                {module.title}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel control={<Checkbox checked={draft.notifyManager} onChange={(event) => set('notifyManager', event.target.checked)} />} label={t('adaptiveControls.actions.notifyManager')} />
          <Box>
            <FormControlLabel control={<Checkbox checked={draft.requireMfa} onChange={(event) => set('requireMfa', event.target.checked)} />} label={t('adaptiveControls.actions.requireMfa')} />
            <FormHelperText sx={{ mt: 0 }}>{t('adaptiveControls.actions.requireMfaHelp')}</FormHelperText>
          </Box>
          <TextField type="number" label={t('adaptiveControls.actions.sessionMaxMinutes')} value={draft.sessionMaxMinutes} onChange={(event) => set('sessionMaxMinutes', event.target.value)}
            error={Boolean(problemOf('actions.sessionMaxMinutes'))} helperText={problemOf('actions.sessionMaxMinutes') ?? t('adaptiveControls.actions.sessionMaxMinutesHelp')} slotProps={{ htmlInput: { min: 15, max: 10080 } }} />
          <FormControlLabel control={<Checkbox checked={draft.enabled} onChange={(event) => set('enabled', event.target.checked)} />} label={t('adaptiveControls.rules.enabled')} />
          {problemOf('actions') && !problemOf('actions.assignModuleId') && !problemOf('actions.sessionMaxMinutes') ? <Alert severity="error">{t('adaptiveControls.actions.none')}</Alert> : null}
          {save.error && (problems.length === 0 || unplaced.length > 0) ? <Alert severity="error">{t('adaptiveControls.rules.saveFailed', { message: messageOf(save.error) })}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          {t('adaptiveControls.rules.cancel')}
        </Button>
        <Button variant="contained" loading={save.isPending} onClick={submit}>
          {t('adaptiveControls.rules.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** The organization's rules: what sets each off, what it does, how many people it holds now. */
export const AdaptiveRules = () => {
  const { t } = useTranslation();
  const rules = useAdaptiveRules();
  const remove = useDeleteAdaptiveRule();
  const triggerText = useTriggerText();
  const [editing, setEditing] = useState<AdaptiveRule | null | 'new'>(null);
  const items = rules.data?.items ?? [];
  const actionsOf = (rule: AdaptiveRule) =>
    [
      rule.actions.assignModuleId ? t('adaptiveControls.actions.short.lesson') : null,
      rule.actions.notifyManager ? t('adaptiveControls.actions.short.manager') : null,
      rule.actions.requireMfa ? t('adaptiveControls.actions.short.mfa') : null,
      rule.actions.sessionMaxMinutes ? t('adaptiveControls.actions.short.session', { count: rule.actions.sessionMaxMinutes }) : null,
    ].filter((text): text is string => text !== null);
  return (
    <SectionCard title={t('adaptiveControls.rules.title')} intro={t('adaptiveControls.rules.intro')} testId="adaptive-rules">
      <Box>
        <Button variant="contained" onClick={() => setEditing('new')}>
          {t('adaptiveControls.rules.add')}
        </Button>
      </Box>
      {rules.isError ? <Alert severity="error">{t('adaptiveControls.rules.loadFailed', { message: messageOf(rules.error) })}</Alert> : null}
      {remove.error ? <Alert severity="error">{t('adaptiveControls.rules.deleteFailed', { message: messageOf(remove.error) })}</Alert> : null}
      {rules.isSuccess && items.length === 0 ? <EmptyState testId="adaptive-rules-empty">{t('adaptiveControls.rules.empty')}</EmptyState> : null}
      {items.length > 0 ? (
        <ScrollableTableContainer label={t('adaptiveControls.rules.title')}>
          <Table size="small" sx={{ minWidth: 720 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('adaptiveControls.rules.name')}</TableCell>
                <TableCell>{t('adaptiveControls.rules.when')}</TableCell>
                <TableCell>{t('adaptiveControls.rules.then')}</TableCell>
                <TableCell align="right">{t('adaptiveControls.rules.active')}</TableCell>
                <TableCell>{t('adaptiveControls.rules.actionsColumn')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((rule) => (
                <TableRow key={rule.id} data-testid="adaptive-rule-row">
                  <TableCell>
                    {rule.name}
                    {!rule.enabled ? <Chip size="small" label={t('adaptiveControls.rules.off')} sx={{ ml: 1 }} /> : null}
                  </TableCell>
                  <TableCell>{triggerText(rule.trigger)}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                      {actionsOf(rule).map((text) => (
                        <Chip key={text} size="small" variant="outlined" label={text} />
                      ))}
                    </Stack>
                  </TableCell>
                  <TableCell align="right">{rule.active}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1}>
                      <Button size="small" onClick={() => setEditing(rule)} aria-label={t('adaptiveControls.rules.editOf', { name: rule.name })}>
                        {t('adaptiveControls.rules.edit')}
                      </Button>
                      <Button size="small" color="error" loading={remove.isPending && remove.variables === rule.id} onClick={() => remove.mutate(rule.id)} aria-label={t('adaptiveControls.rules.deleteOf', { name: rule.name })}>
                        {t('adaptiveControls.rules.delete')}
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollableTableContainer>
      ) : null}
      {editing ? <RuleDialog rule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </SectionCard>
  );
};
