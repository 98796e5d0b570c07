import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { wizardSsoProtocols, type WizardSsoProtocol } from '@vigil/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

type SsoProtocolChoiceProps = {
  value: WizardSsoProtocol;
  onChange: (protocol: WizardSsoProtocol) => void;
  /** The provider's name, as the page shows it. */
  providerName: string;
};

/** SAML 2.0 or OpenID Connect: the steps of a provider page below follow the choice. */
export const SsoProtocolChoice = ({ value, onChange, providerName }: SsoProtocolChoiceProps) => {
  const { t } = useTranslation();
  const labelId = useId();
  const helpId = useId();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <FormControl component="fieldset">
        <FormLabel id={labelId} component="legend" sx={{ fontWeight: 600, color: 'text.primary' }}>
          {t('onboardingWizard.ssoProvider.protocol.label')}
        </FormLabel>
        <RadioGroup
          row
          aria-labelledby={labelId}
          aria-describedby={helpId}
          name="sso-protocol"
          value={value}
          onChange={(event) => onChange(event.target.value === 'oidc' ? 'oidc' : 'saml')}
        >
          {wizardSsoProtocols.map((protocol) => (
            <FormControlLabel
              key={protocol}
              value={protocol}
              label={t(`onboardingWizard.ssoProvider.protocol.${protocol}`)}
              control={<Radio slotProps={{ input: { ...({ 'data-testid': `sso-protocol-${protocol}` } as object) } }} />}
            />
          ))}
        </RadioGroup>
        <FormHelperText id={helpId} sx={{ mx: 0 }}>
          {t('onboardingWizard.ssoProvider.protocol.help', { provider: providerName })}
        </FormHelperText>
      </FormControl>
    </Paper>
  );
};
