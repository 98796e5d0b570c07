import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PhishingTemplateSummary } from '@vigil/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useTemplateChoices, useTemplatesById } from '../api/get-campaign-choices';

type Choice = Pick<PhishingTemplateSummary, 'id' | 'name'> & Partial<PhishingTemplateSummary>;

type TemplatePickerProps = {
  value: string[];
  onChange: (ids: string[]) => void;
  onBlur: () => void;
  inputRef: React.Ref<HTMLInputElement>;
  error?: string;
};

/**
 * A searchable multi-select over the template library (searched on the server): each option shows
 * its category, vector, difficulty and languages, so lures are chosen knowing what they are.
 */
export const TemplatePicker = ({ value, onChange, onBlur, inputRef, error }: TemplatePickerProps) => {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const choices = useTemplateChoices(useDebouncedValue(search));
  // The names of templates a saved draft already names, which the first page of the search may not hold.
  const saved = useTemplatesById(value);
  const [picked, setPicked] = useState<Record<string, Choice>>({});

  const selected = useMemo(
    () =>
      value.map<Choice>(
        (id, index) => picked[id] ?? choices.data?.find((choice) => choice.id === id) ?? saved[index]?.data ?? { id, name: t('campaigns.form.templateEarlier') },
      ),
    [value, picked, choices.data, saved, t],
  );

  const describe = (choice: Choice) =>
    choice.category
      ? [
          t(`phishingTemplates.categories.${choice.category}`),
          t(`phishingTemplates.vectors.${choice.vector!}`),
          t('campaigns.form.templateDifficulty', { level: choice.difficulty }),
          (choice.languages ?? []).map((language) => t(`phishingTemplates.languages.${language}`)).join(', '),
        ].join(' · ')
      : '';

  return (
    <Autocomplete
      multiple
      options={choices.data ?? []}
      value={selected}
      loading={choices.isFetching}
      // The server has searched already; the browser keeps its order.
      filterOptions={(options) => options}
      filterSelectedOptions
      getOptionLabel={(choice) => choice.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      onInputChange={(_, text, reason) => {
        if (reason !== 'reset') setSearch(text);
      }}
      onChange={(_, next) => {
        setPicked((known) => Object.fromEntries([...Object.entries(known), ...next.map((choice) => [choice.id, choice] as const)]));
        onChange(next.map((choice) => choice.id));
      }}
      onBlur={onBlur}
      noOptionsText={t('campaigns.form.noTemplates')}
      loadingText={t('campaigns.form.searching')}
      renderOption={({ key, ...props }, choice) => (
        <Box component="li" key={key} {...props} sx={{ display: 'block !important' }}>
          <Typography>{choice.name}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {describe(choice)}
          </Typography>
        </Box>
      )}
      renderValue={(chosen, getItemProps) =>
        chosen.map((choice, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} {...props} size="small" label={choice.name} title={describe(choice)} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          label={t('campaigns.form.templates')}
          required
          error={Boolean(error)}
          helperText={error ?? t('campaigns.form.templatesHelp')}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'campaign-templates' } }}
        />
      )}
    />
  );
};
