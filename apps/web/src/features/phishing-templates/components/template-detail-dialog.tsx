import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PhishingTemplate, TemplateLanguage } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { messageOf } from '../../../lib/api-client';
import { useApprovePhishingTemplate } from '../api/approve-phishing-template';
import { useArchivePhishingTemplate } from '../api/archive-phishing-template';
import { useCopyPhishingTemplate } from '../api/copy-phishing-template';
import { usePhishingTemplate } from '../api/get-phishing-template';
import { useTemplatePreview } from '../api/get-template-preview';
import { DifficultyMeter } from './difficulty-meter';
import { SandboxedFrame } from './sandboxed-frame';

type TemplateDetailDialogProps = {
  templateId: string;
  onClose: () => void;
  /** Opens the editor on this template (an own one, or the fresh copy of a built-in). */
  onEdit: (template: PhishingTemplate) => void;
};

const Preview = ({ templateId, language }: { templateId: string; language?: TemplateLanguage }) => {
  const { t } = useTranslation();
  const preview = useTemplatePreview(templateId, language);
  if (preview.isPending) return <LinearProgress aria-label={t('phishingTemplates.loading')} />;
  if (preview.isError) return <Alert severity="error">{messageOf(preview.error)}</Alert>;
  const lure = preview.data;
  return (
    <Stack spacing={1.5}>
      {lure.sms !== null ? (
        <>
          <Typography variant="overline">{t('phishingTemplates.detail.sms')}</Typography>
          <Typography sx={{ p: 2, bgcolor: 'action.hover', borderRadius: 2, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{lure.sms}</Typography>
        </>
      ) : (
        <>
          <Typography variant="body2">
            <strong>{t('phishingTemplates.detail.from')}:</strong> {lure.fromName} &lt;{lure.fromAddress}&gt;
          </Typography>
          <Typography variant="body2">
            <strong>{t('phishingTemplates.detail.subject')}:</strong> {lure.subject}
          </Typography>
          <SandboxedFrame html={lure.html} title={t('phishingTemplates.detail.previewTitle')} />
        </>
      )}
      {lure.attachment && (
        <>
          <Typography variant="overline">{t('phishingTemplates.detail.attachment', { fileName: lure.attachment.fileName })}</Typography>
          <SandboxedFrame html={lure.attachment.html} title={t('phishingTemplates.detail.attachmentTitle')} height={260} />
        </>
      )}
      <Typography variant="h6" component="h3">
        {t('phishingTemplates.detail.redFlags')}
      </Typography>
      {lure.redFlags.length === 0 ? (
        <Alert severity="warning">{t('phishingTemplates.detail.noRedFlags')}</Alert>
      ) : (
        <List dense disablePadding>
          {lure.redFlags.map((flag, index) => (
            <ListItem key={index} disableGutters alignItems="flex-start">
              <ListItemText primary={`${flag.title} (${t(`phishingTemplates.cues.${flag.cue}`)})`} secondary={flag.explanation} />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
};

/** One template: the lure as the admin would receive it, in a frame that runs nothing, its red flags, and what they may do with it. */
export const TemplateDetailDialog = ({ templateId, onClose, onEdit }: TemplateDetailDialogProps) => {
  const { t } = useTranslation();
  const template = usePhishingTemplate(templateId);
  const copy = useCopyPhishingTemplate();
  const archive = useArchivePhishingTemplate();
  const approve = useApprovePhishingTemplate();
  const [language, setLanguage] = useState<TemplateLanguage | undefined>(undefined);
  const [confirmingArchive, setConfirmingArchive] = useState(false);
  const data = template.data;
  const failure = copy.error ?? archive.error ?? approve.error;
  const approvable = data?.status === 'draft' && data.can.edit;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="template-detail-title">
      <DialogTitle id="template-detail-title">{data?.name ?? t('phishingTemplates.loading')}</DialogTitle>
      <DialogContent dividers>
        {template.isPending && <LinearProgress aria-label={t('phishingTemplates.loading')} />}
        {template.isError && <Alert severity="error">{messageOf(template.error)}</Alert>}
        {data && (
          <Stack spacing={2}>
            <Typography sx={{ color: 'text.secondary' }}>{data.scenario}</Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <Typography variant="body2">
                {t(`phishingTemplates.categories.${data.category}`)} · {t(`phishingTemplates.vectors.${data.vector}`)}
              </Typography>
              <DifficultyMeter level={data.difficulty} />
              {data.languages.length > 1 && (
                <TextField select size="small" label={t('phishingTemplates.filters.language')} value={language ?? data.language} onChange={(event) => setLanguage(event.target.value as TemplateLanguage)} sx={{ minWidth: 180 }}>
                  {data.languages.map((code) => (
                    <MenuItem key={code} value={code}>
                      {t(`phishingTemplates.languages.${code}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            </Stack>
            {data.source === 'builtin' && <Alert severity="info">{t('phishingTemplates.detail.builtinReadOnly')}</Alert>}
            {approvable && <Alert severity="warning">{t(data.source === 'generated' ? 'phishingTemplates.approve.generatedNotice' : 'phishingTemplates.approve.notice')}</Alert>}
            {failure && <Alert severity="error">{messageOf(failure)}</Alert>}
            {confirmingArchive && (
              <Alert
                severity="warning"
                action={
                  <Stack direction="row" spacing={1}>
                    <Button color="inherit" onClick={() => setConfirmingArchive(false)}>
                      {t('phishingTemplates.detail.cancel')}
                    </Button>
                    <Button color="error" variant="contained" disabled={archive.isPending} onClick={() => archive.mutate(data.id, { onSuccess: onClose })}>
                      {t('phishingTemplates.detail.archive')}
                    </Button>
                  </Stack>
                }
              >
                {t('phishingTemplates.detail.archiveConfirm')}
              </Alert>
            )}
            <Preview templateId={data.id} language={language} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {data?.can.archive && (
          <Button color="error" onClick={() => setConfirmingArchive(true)}>
            {t('phishingTemplates.detail.archive')}
          </Button>
        )}
        {data?.can.copy && (
          <Button disabled={copy.isPending} onClick={() => copy.mutate(data.id, { onSuccess: (saved) => onEdit(saved.template) })}>
            {t('phishingTemplates.detail.copy')}
          </Button>
        )}
        {approvable && (
          <Button color="success" variant="contained" loading={approve.isPending} onClick={() => approve.mutate(data.id)}>
            {t('phishingTemplates.approve.button')}
          </Button>
        )}
        {data?.can.edit && (
          <Button variant={approvable ? 'outlined' : 'contained'} onClick={() => onEdit(data)}>
            {t('phishingTemplates.detail.edit')}
          </Button>
        )}
        <Button onClick={onClose}>{t('phishingTemplates.detail.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
