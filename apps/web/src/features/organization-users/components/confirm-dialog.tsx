import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type ConfirmDialogProps = {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Red for what takes something away (deactivate, remove). */
  destructive?: boolean;
  pending?: boolean;
  /** The server's refusal, shown in the dialog so the person can cancel or try again. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before a change that affects someone else's access; says what will happen in plain words. */
export const ConfirmDialog = ({ title, children, confirmLabel, destructive = false, pending = false, error, onConfirm, onClose }: ConfirmDialogProps) => {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{children}</DialogContentText>
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {t('organizationUsers.actions.cancel')}
        </Button>
        <Button variant="contained" color={destructive ? 'error' : 'primary'} onClick={onConfirm} loading={pending} autoFocus>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
