import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PhishingTemplateSummary } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';

import { DifficultyMeter } from './difficulty-meter';

/** One lure in the library: what it pretends, how it arrives, how hard it is to spot, in which languages. */
export const TemplateCard = ({ template, onOpen }: { template: PhishingTemplateSummary; onOpen: () => void }) => {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid="template-card">
      <CardActionArea onClick={onOpen} sx={{ height: '100%', alignItems: 'flex-start', display: 'flex' }}>
        <CardContent sx={{ width: '100%' }}>
          <Stack spacing={1}>
            <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
              <Chip size="small" label={t(`phishingTemplates.categories.${template.category}`)} />
              <Chip size="small" variant="outlined" label={t(`phishingTemplates.vectors.${template.vector}`)} />
              {template.source !== 'builtin' && <Chip size="small" color="primary" variant="outlined" label={t(`phishingTemplates.sources.${template.source}`)} />}
              {template.status === 'draft' && <Chip size="small" color="warning" label={template.can.edit ? t('phishingTemplates.approve.badge') : t('phishingTemplates.draft')} />}
            </Stack>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {template.name}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {template.scenario}
            </Typography>
            <DifficultyMeter level={template.difficulty} />
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {template.languages.map((language) => t(`phishingTemplates.languages.${language}`)).join(' · ')}
            </Typography>
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
};
