import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

import { describeDevice } from '../lib/user-agent';

/**
 * The device of a sign-in attempt in a log: browser and system from its user agent, and a mark
 * when it was the first successful sign-in from that device (its device id) Vigil has seen.
 */
export const SignInDevice = ({ userAgent, isNew }: { userAgent: string; isNew: boolean }) => {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <span>{describeDevice(t, userAgent)}</span>
      {isNew ? <Chip size="small" color="warning" variant="outlined" label={t('common.device.new')} /> : null}
    </Stack>
  );
};
