import Link from '@mui/material/Link';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * "Skip to main content": the first thing Tab reaches, hidden until focused, so keyboard users can
 * pass over the banner and the navigation. It focuses the target itself rather than following the
 * #fragment, which would change the address the router reads.
 */
export const SkipLink = ({ targetId }: { targetId: string }) => {
  const { t } = useTranslation();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(targetId)?.focus();
  };
  return (
    <Link
      href={`#${targetId}`}
      onClick={skip}
      data-testid="skip-link"
      sx={(theme) => ({
        position: 'fixed',
        top: theme.spacing(1),
        left: theme.spacing(1),
        zIndex: theme.zIndex.tooltip + 1,
        px: 2,
        py: 1.5,
        borderRadius: 1,
        bgcolor: 'background.paper',
        boxShadow: theme.shadows[4],
        fontWeight: 600,
        // Off screen but still focusable (not display: none), and back in view on focus.
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none', outline: `3px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
      })}
    >
      {t('shellAccessibility.skipToMain')}
    </Link>
  );
};
