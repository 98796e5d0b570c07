import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AccountFactors } from '@vigil/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { useAuthSdk } from '../../../lib/auth/auth-hooks';
import { postWithSession, runFactorCall, type FactorProblem } from '../factor-calls';
import { FactorProblemAlert } from './factor-problem-alert';

type Passkey = AccountFactors['passkeys'][number];

type PasskeysProps = {
  loginId: string;
  passkeys: readonly Passkey[];
  onChanged: (change: 'added' | 'removed' | 'renamed') => void;
  formatDate: (iso: string) => string;
};

/**
 * The person's passkeys: add one (the browser's own passkey dialog), name them so they can tell
 * them apart, remove one they no longer have.
 */
export const Passkeys = ({ loginId, passkeys, onChanged, formatDate }: PasskeysProps) => {
  const { t } = useTranslation();
  const sdk = useAuthSdk();
  const [problem, setProblem] = useState<FactorProblem | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;
  const nameOf = (passkey: Passkey) => passkey.name || t('accountSettings.twoStep.passkeys.unnamed', { date: formatDate(passkey.createdAt) });

  const run = async (what: string, call: () => Promise<{ ok: boolean; problem?: FactorProblem }>, change: 'added' | 'removed' | 'renamed') => {
    setProblem(null);
    setBusy(what);
    const outcome = await call();
    setBusy(null);
    if (!outcome.ok) return setProblem(outcome.problem ?? 'failed');
    onChanged(change);
  };

  const add = () => run('add', () => runFactorCall(() => sdk.webauthn.update(loginId, sdk.getRefreshToken())), 'added');
  const remove = (id: string) => {
    setRemoving(null);
    return run(id, () => runFactorCall(() => postWithSession(sdk, '/v1/auth/webauthn/delete', { loginId, credentialId: id })), 'removed');
  };
  const rename = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!renaming || !renaming.name.trim()) return;
    const { id, name } = renaming;
    setRenaming(null);
    return run(id, () => runFactorCall(() => postWithSession(sdk, '/v1/auth/webauthn/rename', { loginId, credentialId: id, name: name.trim() })), 'renamed');
  };

  return (
    <Stack spacing={1.5} data-testid="passkeys">
      <Typography variant="subtitle1" component="h3">
        {t('accountSettings.twoStep.passkeys.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('accountSettings.twoStep.passkeys.intro')}
      </Typography>
      {problem ? <FactorProblemAlert problem={problem} /> : null}
      {passkeys.length ? (
        <List dense disablePadding aria-label={t('accountSettings.twoStep.passkeys.listLabel')}>
          {passkeys.map((passkey) => (
            <ListItem key={passkey.id} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
              {renaming?.id === passkey.id ? (
                <Stack component="form" direction="row" spacing={1} onSubmit={rename} sx={{ flexGrow: 1 }}>
                  <TextField
                    size="small"
                    autoFocus
                    label={t('accountSettings.twoStep.passkeys.name')}
                    value={renaming.name}
                    onChange={(event) => setRenaming({ id: passkey.id, name: event.target.value })}
                    slotProps={{ htmlInput: { maxLength: 60 } }}
                  />
                  <Button type="submit" size="small" variant="contained">
                    {t('accountSettings.twoStep.passkeys.saveName')}
                  </Button>
                  <Button size="small" onClick={() => setRenaming(null)}>
                    {t('accountSettings.twoStep.cancel')}
                  </Button>
                </Stack>
              ) : (
                <>
                  <ListItemText
                    primary={nameOf(passkey)}
                    secondary={[
                      t('accountSettings.twoStep.passkeys.added', { date: formatDate(passkey.createdAt) }),
                      passkey.lastUsedAt ? t('accountSettings.twoStep.passkeys.lastUsed', { date: formatDate(passkey.lastUsedAt) }) : t('accountSettings.twoStep.passkeys.neverUsed'),
                    ].join(' · ')}
                    sx={{ minWidth: 220 }}
                  />
                  {passkey.synced ? <Chip size="small" label={t('accountSettings.twoStep.passkeys.synced')} /> : null}
                  {removing === passkey.id ? (
                    <Alert
                      severity="warning"
                      sx={{ width: '100%' }}
                      action={
                        <Stack direction="row" spacing={1}>
                          <Button color="inherit" size="small" onClick={() => void remove(passkey.id)}>
                            {t('accountSettings.twoStep.remove')}
                          </Button>
                          <Button color="inherit" size="small" onClick={() => setRemoving(null)}>
                            {t('accountSettings.twoStep.keep')}
                          </Button>
                        </Stack>
                      }
                    >
                      {t('accountSettings.twoStep.passkeys.removeQuestion', { name: nameOf(passkey) })}
                    </Alert>
                  ) : (
                    <Stack direction="row" spacing={1}>
                      <Button size="small" onClick={() => setRenaming({ id: passkey.id, name: passkey.name })} aria-label={t('accountSettings.twoStep.passkeys.renameLabel', { name: nameOf(passkey) })}>
                        {t('accountSettings.twoStep.passkeys.rename')}
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        loading={busy === passkey.id}
                        onClick={() => setRemoving(passkey.id)}
                        aria-label={t('accountSettings.twoStep.passkeys.removeLabel', { name: nameOf(passkey) })}
                      >
                        {t('accountSettings.twoStep.remove')}
                      </Button>
                    </Stack>
                  )}
                </>
              )}
            </ListItem>
          ))}
        </List>
      ) : null}
      {supported ? (
        <Button variant={passkeys.length ? 'outlined' : 'contained'} onClick={() => void add()} loading={busy === 'add'} sx={{ alignSelf: 'flex-start' }}>
          {t('accountSettings.twoStep.passkeys.add')}
        </Button>
      ) : (
        <Alert severity="info">{t('accountSettings.twoStep.passkeys.unsupported')}</Alert>
      )}
    </Stack>
  );
};
