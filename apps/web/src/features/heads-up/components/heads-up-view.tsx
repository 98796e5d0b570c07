import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { HeadsUpSimulation } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { EmptyState } from '../../../components/empty-state';
import { SandboxedFrame } from '../../../components/sandboxed-frame';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../config/paths';
import { ApiError, messageOf } from '../../../lib/api-client';
import { useHeadsUp } from '../api/get-heads-up';

// The lure's languages are learning-language codes (fr_fr); the page's own are BCP 47 (fr).
const htmlLang = (language: string) => language.replace('_', '-');

/** Which sentence says what happened: the channel, and for a failure, how the person fell for it. */
const happenedKey = (simulation: HeadsUpSimulation) => {
  const { outcome } = simulation;
  if (simulation.vector === 'sms') return `headsUp.happened.sms.${outcome === 'opened' ? 'none' : outcome}` as const;
  if (outcome !== 'clicked') return `headsUp.happened.email.${outcome}` as const;
  const ways = [
    ['clicked', simulation.clickedAt],
    ['attachment', simulation.attachmentOpenedAt],
    ['qr', simulation.qrScannedAt],
    ['replied', simulation.repliedAt],
    ['called', simulation.calledAt],
  ] as const;
  const first = ways.filter(([, at]) => at !== null).sort(([, a], [, b]) => a!.localeCompare(b!))[0];
  return `headsUp.happened.email.${first?.[0] ?? 'clicked'}` as const;
};

const Message = ({ mail }: { mail: NonNullable<HeadsUpSimulation['mail']> }) => {
  const { t } = useTranslation();
  const header = [
    [t('headsUp.message.from'), mail.fromName ? `${mail.fromName} <${mail.fromAddress}>` : mail.fromAddress],
    [t('headsUp.message.subject'), mail.subject],
    ...(mail.attachmentFileName ? [[t('headsUp.message.attachment'), mail.attachmentFileName]] : []),
  ].filter(([, value]) => value);
  return (
    <Stack spacing={2}>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.5, m: 0 }} data-testid="heads-up-mail-header">
        {header.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" sx={{ color: 'text.secondary' }}>
              {label}
            </Typography>
            <Typography component="dd" lang={htmlLang(mail.language)} sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {mail.html ? (
        <SandboxedFrame html={mail.html} title={t('headsUp.message.frameTitle')} height={380} />
      ) : (
        <Typography component="pre" lang={htmlLang(mail.language)} sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          {mail.sms ?? mail.text}
        </Typography>
      )}
    </Stack>
  );
};

/** What happened with one simulated message, the message itself, its red flags and what to do next time. */
export const HeadsUpDetails = ({ simulation }: { simulation: HeadsUpSimulation }) => {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(simulation.outcomeAt));
  const caught = simulation.outcome === 'submitted' || simulation.outcome === 'clicked';
  const reported = simulation.outcome === 'reported';
  return (
    <Stack spacing={3} sx={{ width: '100%', textAlign: 'start' }} data-testid="heads-up">
      <Alert severity={caught ? 'warning' : reported ? 'success' : 'info'} data-testid="heads-up-outcome" data-outcome={simulation.outcome}>
        <AlertTitle>{t(caught ? 'headsUp.banner.caught' : reported ? 'headsUp.banner.reported' : 'headsUp.banner.neutral')}</AlertTitle>
        <Typography>{t(happenedKey(simulation), { date })}</Typography>
        {caught ? <Typography sx={{ mt: 1 }}>{t('headsUp.reassurance')}</Typography> : null}
      </Alert>
      <SectionCard title={t('headsUp.message.heading')} testId="heads-up-message">
        {simulation.mail ? <Message mail={simulation.mail} /> : <Typography>{t('headsUp.message.unavailable')}</Typography>}
      </SectionCard>
      {simulation.redFlags.length > 0 ? (
        <SectionCard title={t('headsUp.redFlags.heading')} testId="heads-up-red-flags">
          <Box component="ol" lang={htmlLang(simulation.redFlagsLanguage)} sx={{ m: 0, pl: 3, display: 'grid', gap: 1.5 }}>
            {simulation.redFlags.map((flag) => (
              <li key={flag.title}>
                <Typography sx={{ fontWeight: 600 }}>{flag.title}</Typography>
                <Typography sx={{ color: 'text.secondary' }}>{flag.explanation}</Typography>
              </li>
            ))}
          </Box>
        </SectionCard>
      ) : null}
      <SectionCard title={t('headsUp.next.heading')} testId="heads-up-next">
        {simulation.nextLesson ? (
          <MuiLink component={Link} to={simulation.nextLesson.href}>
            {t('headsUp.next.lesson', { title: simulation.nextLesson.title })}
          </MuiLink>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }} data-testid="heads-up-advice">
            {(['sender', 'links', 'password', 'report'] as const).map((tip) => (
              <li key={tip}>
                <Typography>{t(`headsUp.next.${tip}`)}</Typography>
              </li>
            ))}
          </Box>
        )}
      </SectionCard>
    </Stack>
  );
};

/**
 * The signed-in person's heads-up: the simulated message `recipientId` names (the teachable moment
 * links here with it), or their most recent one; a message that is not theirs says so.
 */
export const HeadsUpView = ({ recipientId }: { recipientId: string | null }) => {
  const { t } = useTranslation();
  const headsUp = useHeadsUp(recipientId);
  if (headsUp.isPending) return <CircularProgress aria-label={t('app.loading')} />;
  if (headsUp.isError) {
    const notYours = headsUp.error instanceof ApiError && (headsUp.error.status === 404 || headsUp.error.status === 400);
    return (
      <Stack spacing={2} sx={{ width: '100%', alignItems: 'center' }}>
        <Alert severity={notYours ? 'info' : 'error'} sx={{ width: '100%', textAlign: 'start' }} data-testid="heads-up-error">
          {notYours ? t('headsUp.notFound') : t('headsUp.failed', { message: messageOf(headsUp.error) })}
        </Alert>
        {notYours ? (
          <Button component={Link} to={paths.headsUp.getHref()} variant="outlined">
            {t('headsUp.showLatest')}
          </Button>
        ) : null}
      </Stack>
    );
  }
  const { simulation } = headsUp.data;
  if (!simulation) {
    return (
      <Stack spacing={2} sx={{ width: '100%', alignItems: 'center' }}>
        <EmptyState testId="heads-up-empty">{t('headsUp.empty')}</EmptyState>
        <Button component={Link} to={paths.home.getHref()} variant="contained">
          {t('headsUp.goHome')}
        </Button>
      </Stack>
    );
  }
  return <HeadsUpDetails simulation={simulation} />;
};
