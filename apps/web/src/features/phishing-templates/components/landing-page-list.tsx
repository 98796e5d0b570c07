import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LandingPageSummary } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '../../../components/empty-state';
import { messageOf } from '../../../lib/api-client';
import { useLandingPagePreview } from '../api/get-landing-page-preview';
import { useLandingPages } from '../api/get-landing-pages';
import { SandboxedFrame } from './sandboxed-frame';

const LandingPagePreviewDialog = ({ page, onClose }: { page: LandingPageSummary; onClose: () => void }) => {
  const { t } = useTranslation();
  const preview = useLandingPagePreview(page.id);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="landing-preview-title">
      <DialogTitle id="landing-preview-title">{page.name}</DialogTitle>
      <DialogContent dividers>
        {preview.isPending && <LinearProgress aria-label={t('phishingTemplates.loading')} />}
        {preview.isError && <Alert severity="error">{messageOf(preview.error)}</Alert>}
        {preview.data && <SandboxedFrame html={preview.data.html} title={t('phishingTemplates.landing.previewTitle', { name: page.name })} height={520} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('phishingTemplates.detail.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};

/** Configure → Testing → Landing pages: where sign-in lookalike lures lead, each previewed in a frame that runs nothing. */
export const LandingPageList = () => {
  const { t } = useTranslation();
  const pages = useLandingPages();
  const [open, setOpen] = useState<LandingPageSummary | null>(null);
  if (pages.isPending) return <LinearProgress aria-label={t('phishingTemplates.loading')} />;
  if (pages.isError) return <Alert severity="error">{messageOf(pages.error)}</Alert>;
  if (pages.data.items.length === 0) return <EmptyState>{t('phishingTemplates.emptyLandingPages')}</EmptyState>;
  return (
    <Stack spacing={2}>
      <Typography sx={{ color: 'text.secondary' }}>{t('phishingTemplates.landing.neverStored')}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
        {pages.data.items.map((page) => (
          <Card key={page.id} variant="outlined" data-testid="landing-page-card">
            <CardContent>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {page.name}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
                {page.description}
              </Typography>
              <Typography variant="caption" component="p">
                {t('phishingTemplates.landing.fields', { fields: [...new Set(page.fields.map((field) => t(`phishingTemplates.landing.fieldKinds.${field.kind}`)))].join(', ') })}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {page.languages.map((language) => t(`phishingTemplates.languages.${language}`)).join(' · ')}
              </Typography>
            </CardContent>
            <CardActions>
              <Button onClick={() => setOpen(page)}>{t('phishingTemplates.landing.preview')}</Button>
            </CardActions>
          </Card>
        ))}
      </Box>
      {open && <LandingPagePreviewDialog page={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
};
