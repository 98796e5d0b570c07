import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** The name of a sign-in method the provider records ("otp-email" → "Email code"); an unknown one as it is. */
export const signInMethodLabel = (t: TFunction, method: string) => t(`common.signIn.methods.${method}`, { defaultValue: method });

/** Whether a sign-in attempt succeeded, and the provider's reason when it did not. */
export const SignInOutcome = ({ success, reason }: { success: boolean; reason?: string | null }) => {
  const { t } = useTranslation();
  return (
    <>
      <Chip size="small" variant="outlined" color={success ? 'success' : 'error'} label={success ? t('common.signIn.succeeded') : t('common.signIn.failed')} />
      {reason ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {reason}
        </Typography>
      ) : null}
    </>
  );
};
