import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SendingProfile, TestEmailResult } from '@vigil/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { messageOf } from '../../../lib/api-client';
import { readServerFieldErrors } from '../../../lib/server-field-errors';
import { useSendTestEmail } from '../api/send-test-email';

/** What the server answered, or what went wrong and what to look at. */
const TestEmailOutcome = ({ result }: { result: TestEmailResult }) => {
  const { t } = useTranslation();
  if (result.delivered) {
    return (
      <Alert severity="success" data-testid="test-email-result">
        <Typography>{t('sendingProfiles.test.delivered', { to: result.to })}</Typography>
        <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-word' }}>
          {t('sendingProfiles.test.serverSaid', { response: result.smtpResponse })}
        </Typography>
      </Alert>
    );
  }
  return (
    <Alert severity="error" data-testid="test-email-result">
      <Typography sx={{ fontWeight: 600 }}>{t('sendingProfiles.test.failed', { to: result.to })}</Typography>
      <Typography>{t(`sendingProfiles.test.problems.${result.problem}`)}</Typography>
      <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-word', mt: 1 }}>
        {result.smtpResponse ? t('sendingProfiles.test.serverSaid', { response: result.smtpResponse }) : t('sendingProfiles.test.details', { message: result.message })}
      </Typography>
    </Alert>
  );
};

/** Sends a real test email through a profile, to the admin unless they give another address, and shows the outcome. */
export const TestEmailDialog = ({ profile, onClose }: { profile: SendingProfile; onClose: () => void }) => {
  const { t } = useTranslation();
  const titleId = useId();
  const send = useSendTestEmail();
  const [to, setTo] = useState('');
  const [toError, setToError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setToError(null);
    setFailure(null);
    send.mutate(
      { id: profile.id, body: to.trim() ? { to: to.trim() } : {} },
      {
        onError: (error) => {
          const onField = readServerFieldErrors(error).find((issue) => issue.field === 'to');
          if (onField) setToError(onField.problem);
          else setFailure(messageOf(error));
        },
      },
    );
  };

  return (
    <Dialog open onClose={send.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{t('sendingProfiles.test.title', { name: profile.name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography sx={{ color: 'text.secondary' }}>{t('sendingProfiles.test.intro')}</Typography>
            <TextField
              label={t('sendingProfiles.test.to')}
              type="email"
              value={to}
              onChange={(event) => setTo(event.target.value)}
              autoFocus
              fullWidth
              error={Boolean(toError)}
              helperText={toError ?? t('sendingProfiles.test.toHelp')}
            />
            {failure ? <Alert severity="error">{failure}</Alert> : null}
            {send.data && !send.isPending ? <TestEmailOutcome result={send.data} /> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={send.isPending}>
            {t('sendingProfiles.test.close')}
          </Button>
          <Button type="submit" variant="contained" loading={send.isPending} loadingPosition="start">
            {send.isPending ? t('sendingProfiles.test.sending') : t('sendingProfiles.test.send')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};
