import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

import type { ManagedCompany } from '../api/get-mssp-companies';

type CompanySwitcherProps = { currentOrganization: string; companies: readonly ManagedCompany[] };

/**
 * The company drop-down that replaces the Company Metrics and Onboarding headings of a
 * managed-service organisation (§2). It lists the managed companies; switching to one needs the
 * tenant selection of a later change, so until then it is shown disabled on the current organisation.
 */
export const CompanySwitcher = ({ currentOrganization, companies }: CompanySwitcherProps) => {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      fullWidth
      disabled
      label={t('shell.nav.companySwitcher')}
      value=""
      data-testid="company-switcher"
      sx={{ my: 1 }}
      slotProps={{ select: { displayEmpty: true, renderValue: () => currentOrganization }, inputLabel: { shrink: true } }}
    >
      {companies.map((company) => (
        <MenuItem key={company.id} value={company.id}>
          {company.name}
        </MenuItem>
      ))}
    </TextField>
  );
};
