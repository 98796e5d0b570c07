import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAuthSdk } from '../../../lib/auth/auth-hooks';
import { saveFile } from '../../../lib/save-file';
import { postWithSession, runFactorCall, type FactorProblem } from '../factor-calls';
import { FactorProblemAlert } from './factor-problem-alert';

type RecoveryCodesProps = {
  loginId: string;
  left: number;
  /** Codes just made (after setting up a first factor): shown once, here. */
  fresh: readonly string[] | null;
  onGenerated: (codes: string[]) => void;
};

/**
 * Recovery codes: ten single-use codes for a day the phone or security key is lost. They are shown
 * once, with a download; only their count is known afterwards.
 */
export const RecoveryCodes = ({ loginId, left, fresh, onGenerated }: RecoveryCodesProps) => {
  const { t } = useTranslation();
  const sdk = useAuthSdk();
  const [problem, setProblem] = useState<FactorProblem | null>(null);
  const [busy, setBusy] = useState(false);

  const generate = async () => {
    setProblem(null);
    setBusy(true);
    const outcome = await runFactorCall(() => postWithSession<{ codes: string[] }>(sdk, '/v1/auth/recovery-codes/generate', { loginId }));
    setBusy(false);
    if (!outcome.ok) return setProblem(outcome.problem);
    onGenerated(outcome.data!.codes);
  };

  const download = (codes: readonly string[]) =>
    saveFile(new Blob([`${t('accountSettings.twoStep.recovery.fileHeading', { account: loginId })}\n\n${codes.join('\n')}\n`], { type: 'text/plain' }), 'vigil-recovery-codes.txt');

  return (
    <Stack spacing={1.5} data-testid="recovery-codes">
      <Typography variant="subtitle1" component="h3">
        {t('accountSettings.twoStep.recovery.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('accountSettings.twoStep.recovery.left', { count: left })}
      </Typography>
      {problem ? <FactorProblemAlert problem={problem} /> : null}
      {fresh ? (
        <Alert severity="warning" icon={false}>
          <Stack spacing={1.5}>
            <Typography variant="body2">{t('accountSettings.twoStep.recovery.saveNow')}</Typography>
            <Box
              component="ul"
              aria-label={t('accountSettings.twoStep.recovery.listLabel')}
              data-testid="recovery-code-list"
              sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))', gap: 0.5, fontFamily: 'monospace', fontSize: '1rem' }}
            >
              {fresh.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </Box>
            <Button variant="outlined" onClick={() => download(fresh)} sx={{ alignSelf: 'flex-start' }}>
              {t('accountSettings.twoStep.recovery.download')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      <Button variant="outlined" onClick={() => void generate()} loading={busy} sx={{ alignSelf: 'flex-start' }}>
        {left ? t('accountSettings.twoStep.recovery.regenerate') : t('accountSettings.twoStep.recovery.generate')}
      </Button>
    </Stack>
  );
};
