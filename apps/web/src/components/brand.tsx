import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { LogoMark } from './logo-mark';

// Logo mark plus product name; the mark is decorative because the name is right beside it.
export const Brand = () => {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'center' }}>
      <LogoMark aria-hidden fontSize="large" />
      <Typography component="span" variant="h5" sx={{ fontWeight: 700, color: 'primary.main' }}>
        {t('app.name')}
      </Typography>
    </Stack>
  );
};
