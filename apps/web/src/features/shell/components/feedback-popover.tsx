import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { feedbackMessageMaxLength, submitFeedbackBodySchema } from '@vigil/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { useSubmitFeedback } from '../api/submit-feedback';

/** §9: the feedback field is six rows high. */
const feedbackRows = 6;

type Outcome = 'idle' | 'invalid' | 'sent' | 'failed';

type FeedbackFormProps = { titleId: string; message: string; onMessageChange: (message: string) => void };

const FeedbackForm = ({ titleId, message, onMessageChange: setMessage }: FeedbackFormProps) => {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome>('idle');
  const { mutate, isPending } = useSubmitFeedback();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The contract's own rule (§5: required, trimmed); nothing is sent when it fails.
    const body = submitFeedbackBodySchema.safeParse({ message });
    if (!body.success) {
      setOutcome('invalid');
      return;
    }
    mutate(body.data, {
      onSuccess: () => {
        setMessage('');
        setOutcome('sent');
      },
      // The spec's client showed nothing on failure (§8); saying so keeps the text from being lost unknowingly.
      onError: () => setOutcome('failed'),
    });
  };

  const invalid = outcome === 'invalid';
  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ p: 2, width: { xs: 300, sm: 360 } }}>
      <Stack spacing={2}>
        <Typography id={titleId} variant="h6" component="h2">
          {t('shell.feedback.title')}
        </Typography>
        {outcome === 'sent' ? (
          <Alert severity="success" role="status" data-testid="feedback-sent">
            {t('shell.feedback.sent')}
          </Alert>
        ) : null}
        {outcome === 'failed' ? (
          <Alert severity="error" data-testid="feedback-failed">
            {t('shell.feedback.failed')}
          </Alert>
        ) : null}
        <TextField
          label={t('shell.feedback.label')}
          placeholder={t('shell.feedback.placeholder')}
          multiline
          rows={feedbackRows}
          required
          fullWidth
          autoFocus
          value={message}
          onChange={(event) => {
            setMessage(event.target.value);
            if (invalid) setOutcome('idle');
          }}
          error={invalid}
          helperText={invalid ? t('shell.feedback.required') : undefined}
          slotProps={{
            // The label stays above the field, so the placeholder is always in view.
            inputLabel: { shrink: true },
            htmlInput: { maxLength: feedbackMessageMaxLength, 'data-testid': 'feedback-field' },
          }}
        />
        <Button type="submit" variant="contained" loading={isPending} data-testid="feedback-submit">
          {t('shell.feedback.submit')}
        </Button>
      </Stack>
    </Box>
  );
};

/** The top bar's feedback button and its popover (§2): a required message, sent with a spinner. */
export const FeedbackPopover = () => {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The draft outlives the popover, so a click outside does not throw away what was typed.
  const [message, setMessage] = useState('');
  const titleId = useId();
  const open = anchor !== null;
  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="feedback-button"
      >
        {t('shell.feedback.open')}
      </Button>
      <Popover
        open={open}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId } }}
      >
        <FeedbackForm titleId={titleId} message={message} onMessageChange={setMessage} />
      </Popover>
    </>
  );
};
