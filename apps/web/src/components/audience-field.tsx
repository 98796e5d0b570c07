import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { audienceKinds, type Audience } from '@vigil/contracts';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { messageOf } from '../lib/api-client';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { useAudiencePreview, useDepartmentChoices, usePeopleChoices, type AudiencePreview } from './audience-queries';

type Person = { id: string; name: string; email: string };

type PeoplePickerProps = {
  multiple: boolean;
  ids: string[];
  onChange: (ids: string[]) => void;
  label: string;
  help: string;
  error?: string;
  inputRef: React.Ref<HTMLInputElement>;
};

/** People of the organisation found by name or email on the server; one (a manager) or several. */
const PeoplePicker = ({ multiple, ids, onChange, label, help, error, inputRef }: PeoplePickerProps) => {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const people = usePeopleChoices(useDebouncedValue(search));
  const [known, setKnown] = useState<Record<string, Person>>({});
  const options: Person[] = (people.data ?? []).map((person) => ({ id: person.id, name: `${person.firstName} ${person.lastName}`.trim(), email: person.email }));
  // The API has no read by id: people a saved draft names show as "chosen earlier" until picked again.
  const chosen = ids.map<Person>((id) => known[id] ?? options.find((option) => option.id === id) ?? { id, name: t('common.audience.personEarlier'), email: '' });
  const remember = (picked: Person[]) => setKnown((current) => ({ ...current, ...Object.fromEntries(picked.map((person) => [person.id, person])) }));
  const shared = {
    options,
    loading: people.isFetching,
    filterOptions: (list: Person[]) => list,
    getOptionLabel: (person: Person) => (person.email ? `${person.name} <${person.email}>` : person.name),
    isOptionEqualToValue: (option: Person, value: Person) => option.id === value.id,
    onInputChange: (_: unknown, text: string, reason: string) => {
      if (reason === 'input' || reason === 'clear') setSearch(text);
    },
    noOptionsText: t('common.audience.noMatches'),
    loadingText: t('common.audience.searching'),
    renderInput: (params: Parameters<NonNullable<React.ComponentProps<typeof Autocomplete<Person>>['renderInput']>>[0]) => (
      <TextField {...params} inputRef={inputRef} label={label} required error={Boolean(error)} helperText={error ?? help} />
    ),
  };
  return multiple ? (
    <Autocomplete
      {...shared}
      multiple
      filterSelectedOptions
      value={chosen}
      onChange={(_, next) => {
        remember(next);
        onChange(next.map((person) => person.id));
      }}
    />
  ) : (
    <Autocomplete
      {...shared}
      value={chosen[0] ?? null}
      onChange={(_, next) => {
        if (next) remember([next]);
        onChange(next ? [next.id] : []);
      }}
    />
  );
};

type AudienceFieldProps = {
  value: Audience;
  onChange: (audience: Audience) => void;
  /** The problem with the audience's ids (none chosen, not this organisation's). */
  error?: string;
  inputRef: React.Ref<HTMLInputElement>;
  /** What to say before the audience is complete ("Choose who receives the lures…"). */
  chooseText: string;
  /** The server's count, in the caller's words (people receiving a lure, people being assigned). */
  renderCount: (preview: AudiencePreview) => ReactNode;
};

/**
 * Who an action reaches (the whole organisation, departments, a manager's reporting line, chosen
 * people), and how many people that is now (the server counts). Campaigns and training assignments
 * share it; each says what the count means.
 */
export const AudienceField = ({ value, onChange, error, inputRef, chooseText, renderCount }: AudienceFieldProps) => {
  const { t } = useTranslation();
  const labelId = useId();
  const departments = useDepartmentChoices();
  const preview = useAudiencePreview(value);
  const ids = value.ids ?? [];
  const complete = value.kind === 'organization' || ids.length > 0;

  return (
    <FormControl component="fieldset" error={Boolean(error)}>
      <FormLabel component="legend" id={labelId}>
        {t('common.audience.label')}
      </FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        row
        value={value.kind}
        onChange={(event) => {
          const kind = event.target.value as Audience['kind'];
          onChange(kind === 'organization' ? { kind } : { kind, ids: [] });
        }}
      >
        {audienceKinds.map((kind) => (
          <FormControlLabel key={kind} value={kind} control={<Radio />} label={t(`common.audience.kinds.${kind}`)} />
        ))}
      </RadioGroup>
      <Stack spacing={1.5} sx={{ mt: 1 }}>
        {value.kind === 'departments' ? (
          <Autocomplete
            multiple
            filterSelectedOptions
            options={departments.data ?? []}
            loading={departments.isPending}
            value={(departments.data ?? []).filter((department) => ids.includes(department.id))}
            getOptionLabel={(department) => t('common.audience.departmentPeople', { name: department.name, count: department.peopleCount })}
            isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
            onChange={(_, next) => onChange({ kind: 'departments', ids: next.map((department) => department.id) })}
            noOptionsText={t('common.audience.noMatches')}
            loadingText={t('common.audience.searching')}
            renderInput={(params) => <TextField {...params} inputRef={inputRef} label={t('common.audience.departments')} required error={Boolean(error)} helperText={error} />}
          />
        ) : null}
        {value.kind === 'manager' || value.kind === 'people' ? (
          <PeoplePicker
            key={value.kind}
            multiple={value.kind === 'people'}
            ids={ids}
            onChange={(next) => onChange({ kind: value.kind, ids: next })}
            label={value.kind === 'manager' ? t('common.audience.manager') : t('common.audience.people')}
            help={value.kind === 'manager' ? t('common.audience.managerHelp') : t('common.audience.peopleHelp')}
            error={error}
            inputRef={inputRef}
          />
        ) : null}
        {value.kind === 'organization' && error ? <FormHelperText>{error}</FormHelperText> : null}
        <div aria-live="polite" data-testid="audience-count">
          {!complete ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {chooseText}
            </Typography>
          ) : preview.isError ? (
            <Alert severity="warning">{t('common.audience.countFailed', { message: messageOf(preview.error) })}</Alert>
          ) : preview.data ? (
            renderCount(preview.data)
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('common.audience.counting')}
            </Typography>
          )}
        </div>
      </Stack>
    </FormControl>
  );
};
