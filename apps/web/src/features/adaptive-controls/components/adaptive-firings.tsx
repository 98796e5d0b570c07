import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { AdaptiveFiring } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { KeysetTable } from '../../../components/keyset-table';
import { SectionCard } from '../../../components/section-card';
import { messageOf } from '../../../lib/api-client';
import { useAdaptiveFirings, useLiftFiring } from '../api/adaptive-controls';

/** Who the rules hold now (or held), what each firing did, and "Lift" to undo it at once. */
export const AdaptiveFirings = () => {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<'active' | 'all'>('active');
  const firings = useAdaptiveFirings(status);
  const lift = useLiftFiring();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const whole = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const items = firings.data?.pages.flatMap((page) => page.items) ?? [];
  const appliedOf = (firing: AdaptiveFiring) =>
    [
      firing.applied.assignmentId ? t('adaptiveControls.actions.short.lesson') : null,
      firing.applied.managerNotified ? t('adaptiveControls.actions.short.managerTold') : null,
      firing.applied.requireMfa ? t('adaptiveControls.actions.short.mfa') : null,
      firing.applied.sessionMaxMinutes ? t('adaptiveControls.actions.short.session', { count: firing.applied.sessionMaxMinutes }) : null,
    ].filter((text): text is string => text !== null);
  return (
    <SectionCard title={t('adaptiveControls.firings.title')} intro={t('adaptiveControls.firings.intro')} testId="adaptive-firings">
      <ToggleButtonGroup exclusive size="small" value={status} onChange={(_event, value: 'active' | 'all' | null) => value && setStatus(value)} aria-label={t('adaptiveControls.firings.show')}>
        <ToggleButton value="active">{t('adaptiveControls.firings.active')}</ToggleButton>
        <ToggleButton value="all">{t('adaptiveControls.firings.all')}</ToggleButton>
      </ToggleButtonGroup>
      {lift.error ? <Alert severity="error">{t('adaptiveControls.firings.liftFailed', { message: messageOf(lift.error) })}</Alert> : null}
      <KeysetTable
        query={firings}
        items={items}
        label={t('adaptiveControls.firings.title')}
        minWidth={860}
        columns={[
          { label: t('adaptiveControls.firings.person'), minWidth: 200 },
          { label: t('adaptiveControls.firings.rule') },
          { label: t('adaptiveControls.firings.when'), minWidth: 140 },
          { label: t('adaptiveControls.firings.did'), minWidth: 200 },
          { label: t('adaptiveControls.firings.state') },
        ]}
        renderRow={(firing) => (
          <TableRow key={firing.id} data-testid="adaptive-firing-row">
            <TableCell>
              <Typography>{firing.person.name}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', wordBreak: 'break-all' }}>
                {firing.person.email}
              </Typography>
            </TableCell>
            <TableCell>
              {firing.ruleName}
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('adaptiveControls.firings.facts', { score: whole.format(firing.applied.score), count: firing.applied.failures })}
              </Typography>
            </TableCell>
            <TableCell>{date.format(new Date(firing.firedAt))}</TableCell>
            <TableCell>
              <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {appliedOf(firing).map((text) => (
                  <Chip key={text} size="small" variant="outlined" label={text} />
                ))}
              </Stack>
            </TableCell>
            <TableCell>
              {firing.liftedAt ? (
                <Typography variant="body2">{t(`adaptiveControls.firings.lifted.${firing.liftedReason ?? 'admin'}`, { date: date.format(new Date(firing.liftedAt)) })}</Typography>
              ) : (
                <Button size="small" variant="outlined" loading={lift.isPending && lift.variables === firing.id} onClick={() => lift.mutate(firing.id)} aria-label={t('adaptiveControls.firings.liftOf', { name: firing.person.name })}>
                  {t('adaptiveControls.firings.lift')}
                </Button>
              )}
            </TableCell>
          </TableRow>
        )}
        empty={{ text: status === 'active' ? t('adaptiveControls.firings.emptyActive') : t('adaptiveControls.firings.emptyAll'), testId: 'adaptive-firings-empty' }}
        loadFailed={t('adaptiveControls.firings.loadFailed', { message: messageOf(firings.error) })}
        showMore={t('adaptiveControls.firings.showMore')}
      />
    </SectionCard>
  );
};
