import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { timeZoneNames } from '@vigil/contracts';
import { type Ref, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** America/New_York as people read it: America/New York. */
const readable = (zone: string) => zone.replaceAll('_', ' ');

/** The empty choice among the options: no zone of one's own. */
const noZone = '';

const offsets = new Map<string, string>();
/** The zone's offset from UTC now (GMT+1, GMT−5), in the page's language. */
const offsetOf = (zone: string, language: string) => {
  const key = `${language} ${zone}`;
  if (!offsets.has(key)) {
    try {
      const parts = new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(new Date());
      offsets.set(key, parts.find((part) => part.type === 'timeZoneName')?.value ?? '');
    } catch {
      offsets.set(key, '');
    }
  }
  return offsets.get(key)!;
};

type TimeZoneFieldProps = {
  /** The IANA name, or null for the empty choice. */
  value: string | null;
  onChange: (zone: string | null) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  label: string;
  /** The first choice, meaning none of one's own ("Organization default (Europe/London)"); without it a zone is required. */
  emptyLabel?: string;
  noOptionsText: string;
  error?: string;
  helperText?: string;
  testId?: string;
};

/** A time zone picked from the IANA list, searchable by city or region, each shown with its offset now. */
export const TimeZoneField = ({ value, onChange, onBlur, inputRef, label, emptyLabel, noOptionsText, error, helperText, testId }: TimeZoneFieldProps) => {
  const { i18n } = useTranslation();
  // Stable, so the Autocomplete does not reset what is being typed on every render.
  const labelOf = useCallback((zone: string) => (zone === noZone ? (emptyLabel ?? '') : readable(zone)), [emptyLabel]);
  // A stored zone this browser lists under another name (Asia/Kolkata, Asia/Calcutta) stays choosable.
  const zones = value && !timeZoneNames.includes(value) ? [value, ...timeZoneNames] : timeZoneNames;
  const options = emptyLabel === undefined ? zones : [noZone, ...zones];
  // Typing "new york" or "sao paulo" finds the zone; so does part of its region.
  const filterOptions = useMemo(() => createFilterOptions<string>({ stringify: (zone) => labelOf(zone).normalize('NFD').replace(/\p{Mn}/gu, '') }), [labelOf]);
  return (
    <Autocomplete
      value={value ?? noZone}
      onChange={(_, zone) => onChange(zone || null)}
      onBlur={onBlur}
      options={options}
      filterOptions={filterOptions}
      getOptionLabel={labelOf}
      autoHighlight
      disableClearable
      noOptionsText={noOptionsText}
      renderOption={({ key, ...props }, zone) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
          <span>{labelOf(zone)}</span>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {zone === noZone ? null : offsetOf(zone, i18n.language)}
          </Typography>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          label={label}
          error={Boolean(error)}
          helperText={error ?? helperText}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, ...(testId ? { 'data-testid': testId } : {}) },
          }}
        />
      )}
    />
  );
};
