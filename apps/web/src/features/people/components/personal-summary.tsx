import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PersonalUserData } from '@vigil/contracts';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

/** Who is signed in: name, then email, company and role as a description list. */
export const PersonalSummary = ({ person }: { person: PersonalUserData }) => {
  const { t } = useTranslation();
  const rows = [
    { term: t('people.summary.email'), value: person.email, testId: 'personal-email' },
    { term: t('people.summary.company'), value: person.company, testId: 'personal-company' },
    { term: t('people.summary.role'), value: t(`roles.${person.role}`), testId: 'personal-role' },
  ];
  return (
    <Box sx={{ width: '100%' }}>
      <Typography variant="h2" component="p" data-testid="signed-in-as" sx={{ mb: 2 }}>
        {t('people.summary.signedInAs', { firstName: person.first_name, lastName: person.last_name })}
      </Typography>
      <Box
        component="dl"
        sx={{ m: 0, mx: 'auto', width: 'fit-content', display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, textAlign: 'left' }}
      >
        {rows.map(({ term, value, testId }) => (
          <Fragment key={testId}>
            <Typography component="dt" sx={{ color: 'text.secondary' }}>
              {term}
            </Typography>
            <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }} data-testid={testId}>
              {value}
            </Typography>
          </Fragment>
        ))}
      </Box>
    </Box>
  );
};
