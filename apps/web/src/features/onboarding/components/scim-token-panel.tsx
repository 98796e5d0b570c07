import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { IssuedScimToken, OnboardingWizard } from '@vigil/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { CopyField } from '../../../components/copy-field';
import { messageOf } from '../../../lib/api-client';
import { useIssueScimToken } from '../api/issue-scim-token';
import { useRevokeScimToken } from '../api/revoke-scim-token';
import { formatDateTime, formatDay } from '../model/format';
import { ScimActivity } from './scim-activity';

type ScimTokenPanelProps = { wizard: OnboardingWizard; tokenLabel: string };

/**
 * The SCIM bearer token: generated here, shown in full once (kept in this component's state, so a
 * reload shows it masked), replaced or revoked after a confirmation.
 */
export const ScimTokenPanel = ({ wizard, tokenLabel }: ScimTokenPanelProps) => {
  const { t, i18n } = useTranslation();
  const issue = useIssueScimToken();
  const revoke = useRevokeScimToken();
  const [issued, setIssued] = useState<IssuedScimToken | null>(null);
  const [confirming, setConfirming] = useState<'regenerate' | 'revoke' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const warningRef = useRef<HTMLDivElement>(null);
  const active = wizard.scimToken;
  const lastFour = issued?.lastFour ?? active?.lastFour ?? '';

  useEffect(() => {
    if (issued) warningRef.current?.focus();
  }, [issued]);

  const generate = async () => {
    setConfirming(null);
    setFailure(null);
    try {
      setIssued(await issue.mutateAsync());
    } catch (error) {
      setFailure(t('onboardingWizard.common.failed', { message: messageOf(error) }));
    }
  };

  const revokeActive = async () => {
    setConfirming(null);
    setFailure(null);
    // Right after issuing, the cached wizard may still name the previous token.
    const tokenId = issued?.id ?? active?.id;
    if (!tokenId) return;
    try {
      await revoke.mutateAsync(tokenId);
      setIssued(null);
    } catch (error) {
      setFailure(t('onboardingWizard.common.failed', { message: messageOf(error) }));
    }
  };

  // The token a new one replaced still works for a day (no gap in provisioning); a leaked one is stopped here.
  const retired = wizard.retiredScimToken;
  const stopRetired = async () => {
    if (!retired) return;
    setFailure(null);
    try {
      await revoke.mutateAsync(retired.id);
    } catch (error) {
      setFailure(t('onboardingWizard.common.failed', { message: messageOf(error) }));
    }
  };

  const busy = issue.isPending || revoke.isPending;

  return (
    <Stack spacing={2} data-testid="scim-token-panel">
      {issued ? (
        <>
          <Alert severity="warning" ref={warningRef} tabIndex={-1} data-testid="scim-token-warning">
            <AlertTitle>{t('onboardingWizard.scimToken.showOnceTitle')}</AlertTitle>
            {t('onboardingWizard.scimToken.showOnce')}
          </Alert>
          <CopyField label={t('onboardingWizard.scimToken.newTokenLabel', { name: tokenLabel })} value={issued.token} testId="scim-token-value" />
        </>
      ) : active ? (
        <>
          <TextField
            label={t('onboardingWizard.scimToken.maskedLabel', { name: tokenLabel })}
            value={`${'•'.repeat(24)}${active.lastFour}`}
            size="small"
            fullWidth
            slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace' } }, htmlInput: { 'data-testid': 'scim-token-masked' } }}
          />
          <Typography sx={{ color: 'text.secondary' }}>
            {t('onboardingWizard.scimToken.active', { lastFour: active.lastFour, date: formatDay(active.createdAt, i18n.language) })}
          </Typography>
        </>
      ) : (
        <Typography sx={{ color: 'text.secondary' }} data-testid="scim-token-none">
          {revoke.isSuccess ? t('onboardingWizard.scimToken.revoked') : t('onboardingWizard.scimToken.none')}
        </Typography>
      )}
      {retired ? (
        <Alert
          severity="info"
          data-testid="scim-token-retired"
          action={
            <Button color="inherit" size="small" disabled={busy} onClick={() => void stopRetired()} data-testid="scim-token-stop-retired">
              {t('onboardingWizard.scimToken.stopRetired')}
            </Button>
          }
        >
          {t('onboardingWizard.scimToken.retired', { lastFour: retired.lastFour, date: formatDateTime(retired.worksUntil, i18n.language) })}
        </Alert>
      ) : null}
      {active || retired ? <ScimActivity activity={wizard.scimActivity} /> : null}
      {failure ? (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {active || issued ? (
          <>
            <Button variant="outlined" disabled={busy} onClick={() => setConfirming('regenerate')} data-testid="scim-token-regenerate">
              {t('onboardingWizard.scimToken.regenerate')}
            </Button>
            <Button color="error" disabled={busy} onClick={() => setConfirming('revoke')} data-testid="scim-token-revoke">
              {t('onboardingWizard.scimToken.revoke')}
            </Button>
          </>
        ) : (
          <Button variant="contained" disabled={busy} onClick={() => void generate()} data-testid="scim-token-generate">
            {issue.isPending ? t('onboardingWizard.scimToken.generating') : t('onboardingWizard.scimToken.generate')}
          </Button>
        )}
      </Stack>
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} aria-labelledby="scim-token-confirm-title">
        <DialogTitle id="scim-token-confirm-title">
          {confirming === 'revoke' ? t('onboardingWizard.scimToken.confirmRevokeTitle') : t('onboardingWizard.scimToken.confirmRegenerateTitle')}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            {confirming === 'revoke'
              ? t('onboardingWizard.scimToken.confirmRevoke', { lastFour })
              : t('onboardingWizard.scimToken.confirmRegenerate', { lastFour })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>{t('onboardingWizard.scimToken.cancel')}</Button>
          {confirming === 'revoke' ? (
            <Button color="error" variant="contained" onClick={() => void revokeActive()} data-testid="scim-token-confirm">
              {t('onboardingWizard.scimToken.confirmRevokeAction')}
            </Button>
          ) : (
            <Button variant="contained" onClick={() => void generate()} data-testid="scim-token-confirm">
              {t('onboardingWizard.scimToken.confirmRegenerateAction')}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </Stack>
  );
};
