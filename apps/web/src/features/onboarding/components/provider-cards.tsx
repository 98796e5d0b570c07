import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export type ProviderCard = { id: string; name: string; description: string; href: string; isSetUp: boolean };

/** Choice of provider: one card per provider, each a link to its set-up page. */
export const ProviderCards = ({ providers, label }: { providers: ProviderCard[]; label: string }) => {
  const { t } = useTranslation();
  return (
    <Stack component="ul" aria-label={label} direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {providers.map((provider) => (
        <Card
          component="li"
          key={provider.id}
          variant="outlined"
          data-testid={`provider-${provider.id}`}
          sx={{ flex: 1, borderColor: provider.isSetUp ? 'success.main' : undefined, borderWidth: provider.isSetUp ? 2 : 1 }}
        >
          <CardActionArea component={Link} to={provider.href} sx={{ height: '100%' }}>
            <CardContent>
              <Stack spacing={1}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                  <Typography variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
                    {provider.name}
                  </Typography>
                  {provider.isSetUp ? <Chip size="small" color="success" label={t('onboardingWizard.common.selected')} /> : null}
                </Stack>
                <Typography sx={{ color: 'text.secondary' }}>{provider.description}</Typography>
              </Stack>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Stack>
  );
};
