import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { trainingLanguages, trainingTopics, type TrainingLanguage, type TrainingModuleSummary, type TrainingModulesQuery, type TrainingTopic } from '@vigil/contracts';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

import { EmptyState } from '../../../components/empty-state';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../config/paths';
import { messageOf } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useArchiveOwnModule } from '../api/archive-own-module';
import { useTrainingModules } from '../api/get-training-modules';
import { lengthChoices } from '../training-admin-format';
import { useAdminFormat } from '../use-admin-format';
import { AddModuleDialog } from './add-module-dialog';
import { AssignTrainingDialog } from './assign-training-dialog';
import { ModulePreviewDialog } from './module-preview-dialog';
import { ModuleTextsButton } from './module-texts-dialog';

/** The catalogue's filters as the address holds them (?topic=&language=&maxMinutes=&search=), so they survive a reload. */
const useCatalogueFilters = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const pick = <T extends string>(key: string, allowed: readonly T[]) => {
    const value = searchParams.get(key);
    return value && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
  };
  const maxMinutes = Number(searchParams.get('maxMinutes'));
  const filters: TrainingModulesQuery = {
    topic: pick<TrainingTopic>('topic', trainingTopics),
    language: pick<TrainingLanguage>('language', trainingLanguages),
    maxMinutes: (lengthChoices as readonly number[]).includes(maxMinutes) ? maxMinutes : undefined,
    search: searchParams.get('search') || undefined,
  };
  const setFilter = (key: keyof TrainingModulesQuery, value: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  return { filters, setFilter };
};

type ModuleCardProps = { module: TrainingModuleSummary; onPreview: () => void; onAssign: () => void; onArchive: () => void };

/** Asks before an own module is archived (it leaves the catalogue; assignments keep it). */
const ArchiveModuleDialog = ({ module, onClose }: { module: TrainingModuleSummary; onClose: () => void }) => {
  const { t } = useTranslation();
  const titleId = useId();
  const archive = useArchiveOwnModule();
  return (
    <Dialog open onClose={archive.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('trainingContent.archive.title', { title: module.title })}</DialogTitle>
      <DialogContent>
        <Typography>{t('trainingContent.archive.body')}</Typography>
        {archive.isError ? <Alert severity="error" sx={{ mt: 2 }}>{t('trainingContent.archive.failed', { message: messageOf(archive.error) })}</Alert> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={archive.isPending}>
          {t('trainingContent.archive.cancel')}
        </Button>
        <Button color="error" variant="contained" disabled={archive.isPending} onClick={() => archive.mutate(module.id, { onSuccess: onClose })}>
          {t('trainingContent.archive.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

const ModuleCard = ({ module, onPreview, onAssign, onArchive }: ModuleCardProps) => {
  const { t } = useTranslation();
  const format = useAdminFormat();
  return (
    <Card variant="outlined" component="article" aria-label={module.title} data-testid="module-card" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      {module.posterUrl ? (
        // The poster repeats the title the card shows: decorative for a screen reader.
        <CardMedia component="img" image={module.posterUrl} alt="" loading="lazy" sx={{ aspectRatio: '16 / 9', objectFit: 'cover' }} />
      ) : null}
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
          <Chip size="small" label={t(`trainingAdmin.topics.${module.topic}`)} />
          <Chip size="small" variant="outlined" label={t('trainingAdmin.minutes', { count: module.minutes })} />
          {module.source === 'own' ? <Chip size="small" color="primary" variant="outlined" label={t('trainingAdmin.catalogue.own')} data-testid="own-badge" /> : null}
          {module.source === 'own' ? <Chip size="small" variant="outlined" label={t(`trainingContent.kind.${module.kind}`)} /> : null}
        </Stack>
        <Typography variant="h3" sx={{ fontSize: '1.0625rem', fontWeight: 600, mb: 0.5 }}>
          {module.title}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {module.summary}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('trainingAdmin.catalogue.languagesOf', { languages: format.list(module.languages.map((code) => t(`trainingAdmin.languages.${code}`))) })}
        </Typography>
        {module.remediates.length > 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('trainingAdmin.catalogue.remediates', { categories: format.list(module.remediates.map((category) => t(`trainingAdmin.categories.${category}`))) })}
          </Typography>
        ) : null}
      </CardContent>
      <CardActions>
        <Button onClick={onPreview} aria-label={t('trainingAdmin.catalogue.previewOf', { title: module.title })}>
          {t('trainingAdmin.catalogue.preview')}
        </Button>
        <Button variant="contained" onClick={onAssign} aria-label={t('trainingAdmin.catalogue.assignOf', { title: module.title })}>
          {t('trainingAdmin.catalogue.assign')}
        </Button>
        {module.source === 'own' ? <ModuleTextsButton module={module} /> : null}
        {module.source === 'own' ? (
          <Button color="error" onClick={onArchive} aria-label={t('trainingContent.archive.label', { title: module.title })}>
            {t('trainingContent.archive.button')}
          </Button>
        ) : null}
      </CardActions>
    </Card>
  );
};

/**
 * The module catalogue (/configure/trainings/module/): filtered on the server by topic, language,
 * length and text; each module can be previewed (slides, quiz with answers) and assigned.
 */
export const ModuleCatalogue = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { filters, setFilter } = useCatalogueFilters();
  const [searchText, setSearchText] = useState(filters.search ?? '');
  const debouncedSearch = useDebouncedValue(searchText);
  useEffect(() => {
    if ((filters.search ?? '') !== debouncedSearch.trim()) setFilter('search', debouncedSearch.trim());
    // Only a change of the typed text moves the address; the address's own changes do not loop back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedSearch]);
  const modules = useTrainingModules(filters);
  const [previewing, setPreviewing] = useState<TrainingModuleSummary | null>(null);
  const [assigning, setAssigning] = useState<TrainingModuleSummary | null>(null);
  const [archiving, setArchiving] = useState<TrainingModuleSummary | null>(null);
  const [adding, setAdding] = useState(false);
  const items = modules.data ?? [];

  return (
    <SectionCard title={t('trainingAdmin.catalogue.title')} intro={t('trainingAdmin.catalogue.intro')} testId="training-catalogue">
      <Box>
        <Button variant="contained" onClick={() => setAdding(true)} data-testid="add-module">
          {t('trainingContent.add.button')}
        </Button>
      </Box>
      <Box role="group" aria-label={t('trainingAdmin.catalogue.filtersLabel')}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField select size="small" label={t('trainingAdmin.catalogue.topic')} value={filters.topic ?? ''} onChange={(event) => setFilter('topic', event.target.value)} sx={{ minWidth: 200 }}
            slotProps={{ select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'catalogue-topic' } as object }, inputLabel: { shrink: true } }}>
            <MenuItem value="">{t('trainingAdmin.catalogue.any')}</MenuItem>
            {trainingTopics.map((topic) => (
              <MenuItem key={topic} value={topic}>
                {t(`trainingAdmin.topics.${topic}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField select size="small" label={t('trainingAdmin.catalogue.language')} value={filters.language ?? ''} onChange={(event) => setFilter('language', event.target.value)} sx={{ minWidth: 180 }}
            slotProps={{ select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'catalogue-language' } as object }, inputLabel: { shrink: true } }}>
            <MenuItem value="">{t('trainingAdmin.catalogue.any')}</MenuItem>
            {trainingLanguages.map((language) => (
              <MenuItem key={language} value={language}>
                {t(`trainingAdmin.languages.${language}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField select size="small" label={t('trainingAdmin.catalogue.length')} value={filters.maxMinutes ? String(filters.maxMinutes) : ''} onChange={(event) => setFilter('maxMinutes', event.target.value)} sx={{ minWidth: 180 }}
            slotProps={{ select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'catalogue-length' } as object }, inputLabel: { shrink: true } }}>
            <MenuItem value="">{t('trainingAdmin.catalogue.anyLength')}</MenuItem>
            {lengthChoices.map((minutes) => (
              <MenuItem key={minutes} value={String(minutes)}>
                {t('trainingAdmin.catalogue.upTo', { count: minutes })}
              </MenuItem>
            ))}
          </TextField>
          <TextField size="small" type="search" label={t('trainingAdmin.catalogue.search')} value={searchText} onChange={(event) => setSearchText(event.target.value)} sx={{ flex: 1, minWidth: 200 }}
            slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'catalogue-search' } }} />
        </Stack>
      </Box>
      {modules.isError ? <Alert severity="error">{t('trainingAdmin.catalogue.loadFailed', { message: messageOf(modules.error) })}</Alert> : null}
      {modules.isSuccess ? (
        <Typography aria-live="polite" variant="body2" sx={{ color: 'text.secondary' }} data-testid="catalogue-count">
          {t('trainingAdmin.catalogue.count', { count: items.length })}
        </Typography>
      ) : null}
      {modules.isSuccess && items.length === 0 ? <EmptyState testId="catalogue-empty">{t('trainingAdmin.catalogue.empty')}</EmptyState> : null}
      {items.length > 0 ? (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
          {items.map((module) => (
            <li key={module.id}>
              <ModuleCard module={module} onPreview={() => setPreviewing(module)} onAssign={() => setAssigning(module)} onArchive={() => setArchiving(module)} />
            </li>
          ))}
        </Box>
      ) : null}
      {previewing ? (
        <ModulePreviewDialog
          module={previewing}
          initialLanguage={filters.language}
          onClose={() => setPreviewing(null)}
          onAssign={(module) => {
            setPreviewing(null);
            setAssigning(module);
          }}
        />
      ) : null}
      {adding ? <AddModuleDialog onClose={() => setAdding(false)} /> : null}
      {archiving ? <ArchiveModuleDialog module={archiving} onClose={() => setArchiving(null)} /> : null}
      {assigning ? (
        <AssignTrainingDialog moduleId={assigning.id} onClose={() => setAssigning(null)} onShowAssignments={() => void navigate(paths.configure.trainings.getHref())} />
      ) : null}
    </SectionCard>
  );
};
