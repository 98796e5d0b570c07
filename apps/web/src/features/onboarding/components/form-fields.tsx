import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useId } from 'react';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';

type FormTextFieldProps<Values extends FieldValues> = {
  control: Control<Values>;
  name: Path<Values>;
  label: string;
  helperText?: string;
} & Pick<TextFieldProps, 'multiline' | 'minRows' | 'maxRows' | 'type' | 'autoComplete' | 'required' | 'placeholder'>;

/** A text field bound to react-hook-form: its error (from zod or the server) replaces the help text. */
export const FormTextField = <Values extends FieldValues>({ control, name, label, helperText, ...rest }: FormTextFieldProps<Values>) => {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      {...rest}
      label={label}
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': `field-${name}`, spellCheck: false } }}
    />
  );
};

type FormCheckboxProps<Values extends FieldValues> = { control: Control<Values>; name: Path<Values>; label: string };

/** A confirmation the admin must tick; its error shows under it. */
export const FormCheckbox = <Values extends FieldValues>({ control, name, label }: FormCheckboxProps<Values>) => {
  const { field, fieldState } = useController({ control, name });
  const errorId = useId();
  return (
    <FormControl error={Boolean(fieldState.error)}>
      <FormControlLabel
        control={
          <Checkbox
            name={field.name}
            checked={field.value === true}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            slotProps={{
              input: {
                ref: field.ref,
                'aria-describedby': fieldState.error ? errorId : undefined,
                'aria-invalid': Boolean(fieldState.error),
                ...({ 'data-testid': `field-${name}` } as object),
              },
            }}
          />
        }
        label={label}
      />
      {fieldState.error ? <FormHelperText id={errorId}>{fieldState.error.message}</FormHelperText> : null}
    </FormControl>
  );
};

type FormRadioGroupProps<Values extends FieldValues> = {
  control: Control<Values>;
  name: Path<Values>;
  label: string;
  options: { value: string; label: string }[];
  /** Turns the chosen option's text back into the field's value (a number, say). */
  parse?: (value: string) => unknown;
};

/** One choice among a few, as radio buttons under a legend. */
export const FormRadioGroup = <Values extends FieldValues>({ control, name, label, options, parse = (value) => value }: FormRadioGroupProps<Values>) => {
  const { field, fieldState } = useController({ control, name });
  const labelId = useId();
  return (
    <FormControl error={Boolean(fieldState.error)} component="fieldset">
      <FormLabel id={labelId} component="legend">
        {label}
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        name={field.name}
        value={field.value === undefined || field.value === null ? '' : String(field.value)}
        onChange={(event) => field.onChange(parse(event.target.value))}
        data-testid={`field-${name}`}
      >
        {options.map((option) => (
          <FormControlLabel key={option.value} value={option.value} control={<Radio slotProps={{ input: { ref: option === options[0] ? field.ref : undefined } }} />} label={option.label} />
        ))}
      </RadioGroup>
      {fieldState.error ? <FormHelperText>{fieldState.error.message}</FormHelperText> : null}
    </FormControl>
  );
};
