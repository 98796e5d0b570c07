import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

import { messageOf } from '../../../lib/api-client';
import { useDownloadCertificate } from '../api/download-certificate';

/** Downloads the certificate PDF of a completed assignment through the signed-in API client. */
export const CertificateButton = ({ assignmentId, title, size = 'medium' }: { assignmentId: string; title: string; size?: 'small' | 'medium' }) => {
  const { t } = useTranslation();
  const download = useDownloadCertificate(assignmentId);
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        size={size}
        variant="outlined"
        loading={download.isPending}
        onClick={() => download.mutate()}
        aria-label={t('trainings.certificate.downloadLabel', { title })}
        data-testid="certificate-download"
      >
        {t('trainings.certificate.download')}
      </Button>
      {download.isError ? <Alert severity="error">{t('trainings.certificate.failed', { message: messageOf(download.error) })}</Alert> : null}
    </Stack>
  );
};
