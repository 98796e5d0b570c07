import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { Breadcrumb } from './shell-page-context';

type PageHeaderProps = {
  title: string;
  breadcrumbs: Breadcrumb[];
  /** §2: the dashboard insights page shows no title of its own here. */
  showTitle: boolean;
};

/** Breadcrumbs, then the page's one h1. */
export const PageHeader = ({ title, breadcrumbs, showTitle }: PageHeaderProps) => {
  const { t } = useTranslation();
  return (
    <Box sx={{ mb: 3 }}>
      {breadcrumbs.length > 0 ? (
        <Breadcrumbs aria-label={t('shell.breadcrumbs')} data-testid="breadcrumbs" sx={{ mb: 1 }}>
          {breadcrumbs.map((crumb, index) => {
            const isCurrent = index === breadcrumbs.length - 1;
            if (crumb.href && !isCurrent) {
              return (
                <MuiLink key={crumb.href} component={Link} to={crumb.href} color="inherit">
                  {crumb.label}
                </MuiLink>
              );
            }
            return (
              <Typography
                key={`${index}-${crumb.label}`}
                aria-current={isCurrent ? 'page' : undefined}
                sx={{ color: isCurrent ? 'text.primary' : 'text.secondary' }}
              >
                {crumb.label}
              </Typography>
            );
          })}
        </Breadcrumbs>
      ) : null}
      {showTitle ? (
        <Typography variant="h1" data-testid="page-title">
          {title}
        </Typography>
      ) : null}
    </Box>
  );
};
