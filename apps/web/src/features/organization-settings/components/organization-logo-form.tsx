import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { logoContentTypes, maxLogoBytes, type OrganizationSettings } from '@vigil/contracts';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { companyLogoUrl } from '../../../config/paths';
import { messageOf } from '../../../lib/api-client';
import { formatFileSize } from '../../../lib/format-file-size';
import { readServerFieldErrors } from '../../../lib/server-field-errors';
import { useRemoveOrganizationLogo } from '../api/remove-organization-logo';
import { useUploadOrganizationLogo } from '../api/upload-organization-logo';
import { logoSniffBytes, sniffLogoType } from '../model/sniff-logo-type';

type OrganizationLogoFormProps = {
  settings: OrganizationSettings;
  /** Told after the logo changed, so the page can refresh the top bar. */
  onChanged?: () => void;
};

type Notice = { severity: 'success' | 'error'; text: string } | null;

// The bytes decide, as on the server: a file renamed .png that is no image must not be previewed
// as a broken picture; an image with an odd name or no declared type is fine.
const isLogoImage = async (file: File) => sniffLogoType(new Uint8Array(await file.slice(0, logoSniffBytes).arrayBuffer())) !== undefined;

const previewBox = { width: 160, height: 96, display: 'grid', placeItems: 'center', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.default', p: 1 } as const;

/**
 * The logo: the current one, a preview of a chosen image before it is saved, and removal. The
 * browser checks type and size first so a wrong file is refused at once; the server checks again,
 * by the image's bytes.
 */
export const OrganizationLogoForm = ({ settings, onChanged }: OrganizationLogoFormProps) => {
  const { t, i18n } = useTranslation();
  const formatSize = (bytes: number) => formatFileSize(bytes, i18n.language);
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadOrganizationLogo({ onChanged });
  const remove = useRemoveOrganizationLogo({ onChanged });
  const [chosen, setChosen] = useState<{ file: File; previewUrl: string } | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  // Reading a file takes a moment: only the latest choice may show its outcome.
  const latestChoice = useRef<File | null>(null);

  // The preview's object URL lives as long as the choice does.
  useEffect(() => (chosen ? () => URL.revokeObjectURL(chosen.previewUrl) : undefined), [chosen]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again after an error still fires a change.
    event.target.value = '';
    if (!file) return;
    latestChoice.current = file;
    setNotice(null);
    setChosen(null);
    if (file.size > maxLogoBytes) {
      setNotice({ severity: 'error', text: t('organizationSettings.logo.tooLarge', { fileName: file.name, size: formatSize(file.size), max: formatSize(maxLogoBytes) }) });
      return;
    }
    const isImage = await isLogoImage(file).catch(() => false);
    if (latestChoice.current !== file) return;
    if (!isImage) {
      setNotice({ severity: 'error', text: t('organizationSettings.logo.wrongType', { fileName: file.name }) });
      return;
    }
    setChosen({ file, previewUrl: URL.createObjectURL(file) });
  };

  const failureText = (error: unknown, key: 'organizationSettings.logo.failed' | 'organizationSettings.logo.removeFailed') => {
    const problem = readServerFieldErrors(error).find((issue) => issue.field === 'logo')?.problem;
    return t(key, { message: problem ?? messageOf(error) });
  };

  const save = async () => {
    if (!chosen) return;
    try {
      await upload.mutateAsync(chosen.file);
      setChosen(null);
      setNotice({ severity: 'success', text: t('organizationSettings.logo.uploaded') });
    } catch (error) {
      setNotice({ severity: 'error', text: failureText(error, 'organizationSettings.logo.failed') });
    }
  };

  const removeLogo = async () => {
    try {
      await remove.mutateAsync();
      setNotice({ severity: 'success', text: t('organizationSettings.logo.removed') });
    } catch (error) {
      setNotice({ severity: 'error', text: failureText(error, 'organizationSettings.logo.removeFailed') });
    }
  };

  const busy = upload.isPending || remove.isPending;
  const helpId = `${inputId}-help`;

  return (
    <Stack spacing={2} data-testid="organization-logo-form">
      <Typography id={helpId} sx={{ color: 'text.secondary' }}>
        {t('organizationSettings.logo.intro', { max: formatSize(maxLogoBytes) })}
      </Typography>
      {notice ? (
        <Alert severity={notice.severity} role={notice.severity === 'error' ? 'alert' : 'status'} data-testid="organization-logo-notice">
          {notice.text}
        </Alert>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
        {chosen ? (
          <Box sx={previewBox}>
            <Box
              component="img"
              src={chosen.previewUrl}
              alt={t('organizationSettings.logo.preview')}
              data-testid="organization-logo-preview"
              sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
            />
          </Box>
        ) : settings.pictureFileName ? (
          <Box sx={previewBox}>
            <Box
              component="img"
              src={companyLogoUrl(settings.pictureFileName)}
              alt={t('organizationSettings.logo.current')}
              data-testid="organization-logo-current"
              sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
            />
          </Box>
        ) : (
          <Typography sx={{ color: 'text.secondary', maxWidth: 420 }} data-testid="organization-logo-none">
            {t('organizationSettings.logo.none')}
          </Typography>
        )}
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          {chosen ? (
            <Typography variant="body2">
              {t('organizationSettings.logo.chosen', { fileName: chosen.file.name, size: formatSize(chosen.file.size) })}
            </Typography>
          ) : null}
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept={logoContentTypes.join(',')}
              onChange={(event) => void choose(event)}
              hidden
              aria-describedby={helpId}
              data-testid="organization-logo-input"
            />
            <Button variant={chosen ? 'outlined' : 'contained'} onClick={() => inputRef.current?.click()} disabled={busy} aria-describedby={helpId}>
              {chosen ? t('organizationSettings.logo.chooseAnother') : t('organizationSettings.logo.choose')}
            </Button>
            {chosen ? (
              <>
                <Button variant="contained" onClick={save} loading={upload.isPending} disabled={remove.isPending} data-testid="organization-logo-save">
                  {t('organizationSettings.logo.upload')}
                </Button>
                <Button onClick={() => setChosen(null)} disabled={busy}>
                  {t('organizationSettings.logo.cancel')}
                </Button>
              </>
            ) : settings.pictureFileName ? (
              <Button color="error" variant="outlined" onClick={removeLogo} loading={remove.isPending} disabled={upload.isPending} data-testid="organization-logo-remove">
                {t('organizationSettings.logo.remove')}
              </Button>
            ) : null}
          </Stack>
        </Stack>
      </Stack>
    </Stack>
  );
};
