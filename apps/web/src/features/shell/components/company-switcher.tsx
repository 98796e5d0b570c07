import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

import { breakLongWords } from '../../../components/break-long-words';
import { SwapHorizIcon } from '../../../components/icons';
import { paths } from '../../../config/paths';
import { useApiClient } from '../../../lib/api-client';
import { useAuthSdk, useSession, useUser } from '../../../lib/auth/auth-hooks';
import { readCurrentTenant, useSelectTenant } from '../../../lib/auth/use-select-tenant';
import { msspCompaniesQueryOptions, type ManagedCompany } from '../api/get-mssp-companies';
import { buildCompanyChoices, type CompanyChoice, type CompanyChoices } from '../model/company-choices';
import { isAdmin, type ShellUser } from '../model/user';

/**
 * The organisations this person may act in, which one the session acts in now, and the switch:
 * the provider's tenant selection (the SDK keeps the new session), a cleared query cache, then "/",
 * which sends the person to their landing page in that organisation, so every view loads afresh.
 * The server resolves the organisation from the session and audits the switch. A failed switch is
 * logged to the console only, and nothing else changes (§8).
 */
const useCompanySwitch = (companies: readonly ManagedCompany[]) => {
  const sdk = useAuthSdk();
  const { sessionToken } = useSession();
  const { user: authUser } = useUser();
  const selectTenant = useSelectTenant();
  const navigate = useNavigate();
  const [switching, setSwitching] = useState(false);
  const choices = buildCompanyChoices({
    companies,
    userTenants: authUser?.userTenants ?? [],
    currentTenantId: readCurrentTenant((token) => sdk.getCurrentTenant(token), sessionToken),
  });

  const switchTo = async (id: string) => {
    if (!id || id === choices.currentId || switching) return;
    setSwitching(true);
    try {
      await selectTenant(id);
      await navigate(paths.home.getHref());
    } catch (error) {
      console.error('Could not switch organisation', error);
    } finally {
      setSwitching(false);
    }
  };

  return { choices, switching, switchTo };
};

// Company names can be long ("Harbor & Pike Legal"), and the side navigation is 200 px wide: names
// wrap onto more lines rather than end in an ellipsis, in the field and in the menus.
const wrapNames = { whiteSpace: 'normal', textOverflow: 'clip', ...breakLongWords } as const;

// The operator's own organisation first, marked as theirs, then the managed companies by name.
// (No subheadings: MUI's Select would make them selectable options.)
const orderedChoices = ({ home, clients }: CompanyChoices) => (home ? [home, ...clients] : [...clients]);

const ChoiceLabel = ({ choice, isHome }: { choice: CompanyChoice; isHome: boolean }) => {
  const { t } = useTranslation();
  return (
    <ListItemText
      primary={choice.name}
      secondary={isHome ? t('shell.companySwitcher.yourOrganization') : null}
      sx={{ my: 0 }}
    />
  );
};

type CompanySwitcherProps = { currentOrganization: string; companies: readonly ManagedCompany[] };

/**
 * The company drop-down that replaces the Company Metrics and Onboarding headings of a
 * managed-service organisation (§2): the operator's own organisation and its managed companies.
 */
export const CompanySwitcher = ({ currentOrganization, companies }: CompanySwitcherProps) => {
  const { t } = useTranslation();
  const { choices, switching, switchTo } = useCompanySwitch(companies);
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={t('shell.nav.companySwitcher')}
      value={choices.currentId}
      disabled={switching}
      onChange={(event) => void switchTo(event.target.value)}
      data-testid="company-switcher"
      // Two classes, to outweigh the single-line rule MUI gives the select's display.
      sx={{ my: 1, '& .MuiInputBase-input.MuiSelect-select': wrapNames }}
      slotProps={{
        select: {
          displayEmpty: true,
          // Also the field's description, so a screen reader says the full name with the label.
          SelectDisplayProps: { title: currentOrganization },
          // The personal record's organisation: the name the server gives the tenant the session acts in.
          renderValue: () => (switching ? t('shell.companySwitcher.switching') : currentOrganization),
          MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } },
        },
        inputLabel: { shrink: true },
      }}
    >
      {orderedChoices(choices).map((choice) => (
        <MenuItem key={choice.id} value={choice.id} data-testid={`company-option-${choice.id}`} sx={wrapNames}>
          <ChoiceLabel choice={choice} isHome={choice === choices.home} />
        </MenuItem>
      ))}
    </TextField>
  );
};

/**
 * The same switch in the top bar, wherever the side navigation does not offer it: below md (no side
 * navigation), on the onboarding pages (none either), and for an organisation with a single managed
 * company (the side navigation keeps its usual heading then, §2). §6: anyone with organisations in
 * the list may switch.
 */
export const TopBarCompanySwitcher = ({ user }: { user: ShellUser }) => {
  const { t } = useTranslation();
  const api = useApiClient();
  const { pathname } = useLocation();
  // The shell asks for the same list (and logs its failure); this reads the shared cache entry.
  const { data: companies = [] } = useQuery({ ...msspCompaniesQueryOptions(api), enabled: isAdmin(user) });
  const { choices, switching, switchTo } = useCompanySwitch(companies);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const menuId = useId();
  const open = anchor !== null;
  const inSideNav = companies.length > 1 && !pathname.startsWith(paths.onboarding.path);

  if (companies.length === 0) return null;
  return (
    <Box sx={{ display: { xs: 'flex', md: inSideNav ? 'none' : 'flex' }, flexShrink: 0 }}>
      <Tooltip title={t('shell.companySwitcher.open')}>
        <IconButton
          id={buttonId}
          aria-label={t('shell.companySwitcher.open')}
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          // Not disabled while a switch is under way: a disabled button would drop focus to the page
          // and silence its tooltip. It says it is busy and ignores presses instead.
          aria-busy={switching}
          onClick={(event) => {
            if (!switching) setAnchor(event.currentTarget);
          }}
          data-testid="top-bar-company-switcher"
        >
          <SwapHorizIcon />
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': buttonId }, paper: { sx: { maxHeight: 420, minWidth: 240, maxWidth: 'calc(100vw - 32px)' } } }}
      >
        {orderedChoices(choices).map((choice) => {
          const current = choice.id === choices.currentId;
          return (
            <MenuItem
              key={choice.id}
              role="menuitemradio"
              aria-checked={current}
              selected={current}
              onClick={() => {
                setAnchor(null);
                void switchTo(choice.id);
              }}
              data-testid={`top-bar-company-option-${choice.id}`}
              sx={wrapNames}
            >
              <ChoiceLabel choice={choice} isHome={choice === choices.home} />
            </MenuItem>
          );
        })}
      </Menu>
    </Box>
  );
};
