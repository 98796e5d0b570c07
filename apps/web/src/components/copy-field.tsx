import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { CopyIcon } from './icons';

type CopyFieldProps = {
  label: string;
  value: string;
  testId?: string;
  helperText?: string;
};

/** A value to paste elsewhere (an SSO setting, a SCIM token, a mail-filter header): read-only, selectable, with a copy button that says what it did. */
export const CopyField = ({ label, value, testId, helperText }: CopyFieldProps) => {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setStatus('copied');
    } catch {
      setStatus('failed');
    }
  };

  const statusText =
    status === 'copied' ? t('common.copy.copied', { label }) : status === 'failed' ? t('common.copy.failed') : helperText;

  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      size="small"
      helperText={statusText}
      slotProps={{
        formHelperText: { role: status === 'idle' ? undefined : 'status' },
        htmlInput: { 'data-testid': testId, spellCheck: false },
        input: {
          readOnly: true,
          sx: { fontFamily: 'monospace', fontSize: '0.9rem' },
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={t('common.copy.copy', { label })}>
                <IconButton aria-label={t('common.copy.copy', { label })} onClick={() => void copy()} edge="end">
                  <CopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
      onFocus={(event) => event.target.select()}
    />
  );
};
