import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PolicyHtml } from '../../../components/policy-html';
import { ApiError, messageOf } from '../../../lib/api-client';
import { useAcknowledgePolicy } from '../api/acknowledge-policy';
import { useMyPolicy } from '../api/get-my-policies';
import { useTrainingFormat } from '../use-training-format';

/**
 * Reads one policy's current version (the server's sanitised HTML, or the PDF in a frame with a
 * download link) and acknowledges it: "I have read and understood" must be ticked first. If a newer
 * version was published meanwhile, the server refuses the old one and the dialog shows the new one.
 */
export const PolicyReaderDialog = ({ policyId, title, onClose }: { policyId: string; title: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const titleId = useId();
  const format = useTrainingFormat();
  const reading = useMyPolicy(policyId);
  const acknowledge = useAcknowledgePolicy();
  const [understood, setUnderstood] = useState(false);
  const [readVersionId, setReadVersionId] = useState<string | null>(null);
  const policy = reading.data?.policy;
  const document = reading.data?.document;
  // The version on screen changed under the reader (a 409, then the refetch): ask for a fresh tick.
  const stale = acknowledge.error instanceof ApiError && acknowledge.error.code === 'CONFLICT';
  if (document && readVersionId !== null && readVersionId !== document.version.id) {
    setReadVersionId(null);
    setUnderstood(false);
  }

  return (
    <Dialog open onClose={acknowledge.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth data-testid="policy-reader">
      <DialogTitle id={titleId}>{policy?.title ?? title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {reading.isPending ? <Typography sx={{ color: 'text.secondary' }}>{t('policies.reader.loading')}</Typography> : null}
          {reading.isError ? <Alert severity="error">{t('policies.reader.loadFailed', { message: messageOf(reading.error) })}</Alert> : null}
          {policy && document ? (
            <>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('policies.reader.versionLine', { version: document.version.version, date: format.date(document.version.publishedAt) })}
              </Typography>
              {document.version.changeNote && document.version.version > 1 ? <Alert severity="info">{t('policies.reader.changeNote', { note: document.version.changeNote })}</Alert> : null}
              {stale ? <Alert severity="warning">{t('policies.reader.stale')}</Alert> : null}
              {document.html !== null ? <PolicyHtml html={document.html} label={policy.title} /> : null}
              {document.pdfUrl ? (
                <>
                  <Box
                    component="iframe"
                    src={document.pdfUrl}
                    title={t('policies.reader.pdfTitle', { title: policy.title, version: document.version.version })}
                    sx={{ width: '100%', height: { xs: 420, md: 560 }, border: 1, borderColor: 'divider', borderRadius: 1 }}
                  />
                  <Link href={document.pdfUrl} target="_blank" rel="noopener noreferrer" download>
                    {t('policies.reader.download')}
                  </Link>
                </>
              ) : null}
              {policy.status === 'acknowledged' && policy.acknowledgedAt ? (
                <Alert severity="success" data-testid="policy-acknowledged">
                  {t('policies.reader.acknowledged', { version: policy.version.version, date: format.date(policy.acknowledgedAt) })}
                </Alert>
              ) : (
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={understood}
                      onChange={(event) => {
                        setUnderstood(event.target.checked);
                        setReadVersionId(document.version.id);
                      }}
                    />
                  }
                  label={t('policies.reader.confirm')}
                />
              )}
              {acknowledge.isError && !stale ? <Alert severity="error">{t('policies.reader.failed', { message: messageOf(acknowledge.error) })}</Alert> : null}
            </>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={acknowledge.isPending}>
          {t('policies.reader.close')}
        </Button>
        {policy && document && policy.status !== 'acknowledged' ? (
          <Button
            variant="contained"
            disabled={!understood || acknowledge.isPending}
            onClick={() => acknowledge.mutate({ id: policy.id, versionId: document.version.id })}
            data-testid="policy-acknowledge"
          >
            {t('policies.reader.acknowledge')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
};
