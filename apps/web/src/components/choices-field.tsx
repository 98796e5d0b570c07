import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';

/** Something to choose, by its id, shown by its name (a department, a template). */
export type Choice = { id: string; name: string };

type ChoicesFieldProps = {
  label: string;
  /** What can be chosen; undefined while it loads. */
  options: readonly Choice[] | undefined;
  loading: boolean;
  /** The ids chosen. */
  value: readonly string[] | undefined;
  onChange: (ids: string[]) => void;
  /** The problem with the choice, shown instead of `helperText`. */
  error?: string;
  helperText?: string;
};

/** Several things chosen from a list by name; the form keeps only their ids. */
export const ChoicesField = ({ label, options = [], loading, value = [], onChange, error, helperText }: ChoicesFieldProps) => (
  <Autocomplete
    multiple
    options={options}
    loading={loading}
    getOptionLabel={(option) => option.name}
    value={options.filter((option) => value.includes(option.id))}
    onChange={(_, chosen) => onChange(chosen.map((option) => option.id))}
    renderInput={(params) => <TextField {...params} label={label} error={Boolean(error)} helperText={error ?? helperText} />}
  />
);
