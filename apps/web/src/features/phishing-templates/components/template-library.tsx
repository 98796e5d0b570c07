import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { attackVectors, templateCategories, templateLanguages, type PhishingTemplate, type TemplateChange } from '@vigil/contracts';
import { useRef, useState, type ChangeEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '../../../components/empty-state';
import { SearchIcon } from '../../../components/icons';
import { messageOf } from '../../../lib/api-client';
import { usePhishingTemplates, type TemplateFilters } from '../api/get-phishing-templates';
import { useImportEml } from '../api/import-eml';
import { TemplateCard } from './template-card';
import { TemplateDetailDialog } from './template-detail-dialog';
import { TemplateEditorDialog } from './template-editor-dialog';

type Editing = { template?: PhishingTemplate } | null;

const FilterSelect = <T extends string | number>({ label, value, options, render, onChange }: { label: string; value: T | undefined; options: readonly T[]; render: (option: T) => string; onChange: (value: T | undefined) => void }) => {
  const { t } = useTranslation();
  return (
    <TextField select size="small" label={label} value={value ?? ''} onChange={(event) => onChange(event.target.value === '' ? undefined : (options.find((option) => String(option) === event.target.value) as T))} sx={{ minWidth: 170 }}>
      <MenuItem value="">{t('phishingTemplates.filters.any')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option} value={String(option)}>
          {render(option)}
        </MenuItem>
      ))}
    </TextField>
  );
};

/** Configure → Testing → Templates: the lure library with filters, a preview of each lure, and the organisation's own templates. */
export const TemplateLibrary = () => {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<TemplateFilters>({});
  const templates = usePhishingTemplates(filters);
  const importEml = useImportEml();
  // ?template=<id> opens one template (a link from a custom test request to its draft lure).
  const [searchParams] = useSearchParams();
  const [openId, setOpenId] = useState<string | null>(() => searchParams.get('template'));
  const [editing, setEditing] = useState<Editing>(null);
  const [changes, setChanges] = useState<{ imported: boolean; list: TemplateChange[] } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const items = templates.data?.pages.flatMap((page) => page.items) ?? [];
  const setFilter = <K extends keyof TemplateFilters>(key: K, value: TemplateFilters[K]) => setFilters((current) => ({ ...current, [key]: value }));

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    importEml.mutate(file, {
      onSuccess: (saved) => {
        setChanges({ imported: true, list: saved.changes });
        setEditing({ template: saved.template });
      },
    });
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }} role="search" aria-label={t('phishingTemplates.filters.label')}>
        <TextField
          size="small"
          label={t('phishingTemplates.filters.search')}
          value={filters.search ?? ''}
          onChange={(event) => setFilter('search', event.target.value || undefined)}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
          sx={{ minWidth: 240 }}
        />
        <FilterSelect label={t('phishingTemplates.filters.category')} value={filters.category} options={templateCategories} render={(value) => t(`phishingTemplates.categories.${value}`)} onChange={(value) => setFilter('category', value)} />
        <FilterSelect label={t('phishingTemplates.filters.vector')} value={filters.vector} options={attackVectors} render={(value) => t(`phishingTemplates.vectors.${value}`)} onChange={(value) => setFilter('vector', value)} />
        <FilterSelect label={t('phishingTemplates.filters.difficulty')} value={filters.difficulty as 1 | 2 | 3 | 4 | 5 | undefined} options={[1, 2, 3, 4, 5] as const} render={(value: 1 | 2 | 3 | 4 | 5) => `${value} · ${t(`phishingTemplates.difficultyLevels.${value}`)}`} onChange={(value) => setFilter('difficulty', value)} />
        <FilterSelect label={t('phishingTemplates.filters.language')} value={filters.language} options={templateLanguages} render={(value) => t(`phishingTemplates.languages.${value}`)} onChange={(value) => setFilter('language', value)} />
        <FilterSelect label={t('phishingTemplates.filters.source')} value={filters.source} options={['builtin', 'own'] as const} render={(value) => t(`phishingTemplates.filters.${value}`)} onChange={(value) => setFilter('source', value)} />
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="outlined" disabled={importEml.isPending} onClick={() => fileInput.current?.click()}>
          {t(importEml.isPending ? 'phishingTemplates.importing' : 'phishingTemplates.importEml')}
        </Button>
        <input ref={fileInput} type="file" accept=".eml,message/rfc822" hidden onChange={onFile} data-testid="eml-input" />
        <Button variant="contained" onClick={() => setEditing({})}>
          {t('phishingTemplates.create')}
        </Button>
      </Stack>

      {importEml.isError && <Alert severity="error">{messageOf(importEml.error)}</Alert>}
      {changes && (changes.imported || changes.list.length > 0) && (
        <Alert severity={changes.list.length > 0 ? 'warning' : 'success'} onClose={() => setChanges(null)}>
          {changes.imported ? t('phishingTemplates.imported') : t('phishingTemplates.editor.changes')}
          {changes.list.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {changes.list.map((change, index) => (
                <li key={index}>{change.change}</li>
              ))}
            </Box>
          )}
        </Alert>
      )}
      {templates.isFetching && <LinearProgress aria-label={t('phishingTemplates.loading')} />}
      {templates.isError && <Alert severity="error">{messageOf(templates.error)}</Alert>}
      {templates.isSuccess && items.length === 0 && <EmptyState>{t('phishingTemplates.empty')}</EmptyState>}

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
        {items.map((template) => (
          <TemplateCard key={template.id} template={template} onOpen={() => setOpenId(template.id)} />
        ))}
      </Box>
      {templates.hasNextPage && (
        <Box sx={{ textAlign: 'center' }}>
          <Button onClick={() => void templates.fetchNextPage()} disabled={templates.isFetchingNextPage}>
            {t('phishingTemplates.loadMore')}
          </Button>
        </Box>
      )}

      {openId && (
        <TemplateDetailDialog
          templateId={openId}
          onClose={() => setOpenId(null)}
          onEdit={(template) => {
            setOpenId(null);
            setEditing({ template });
          }}
        />
      )}
      {editing && (
        <TemplateEditorDialog
          template={editing.template}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setChanges({ imported: false, list: saved.changes });
            setOpenId(saved.template.id);
          }}
        />
      )}
    </Stack>
  );
};
