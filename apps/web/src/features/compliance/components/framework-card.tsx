import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ComplianceFramework } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';

import { ExpandMoreIcon } from '../../../components/icons';
import { SectionCard } from '../../../components/section-card';
import { CompliancePeople } from './compliance-people';
import { EvidencePack } from './evidence-pack';
import { StatusChart } from './status-chart';

/** A chosen framework: who is where, the clauses and how they are met, the modules, the evidence pack and the people. */
export const FrameworkCard = ({ framework, newHireWindowDays, programmes }: { framework: ComplianceFramework; newHireWindowDays: number; programmes: number }) => {
  const { t } = useTranslation();
  return (
    <SectionCard title={framework.name} intro={framework.summary} testId={`framework-${framework.id}`}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {framework.edition}
      </Typography>
      {framework.counts ? <StatusChart counts={framework.counts} frameworkName={framework.shortName} testId={`framework-counts-${framework.id}`} /> : null}
      <Accordion disableGutters variant="outlined">
        <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`clauses-${framework.id}`} id={`clauses-${framework.id}-header`}>
          <Typography sx={{ fontWeight: 600 }}>{t('compliance.framework.clauses')}</Typography>
        </AccordionSummary>
        <AccordionDetails id={`clauses-${framework.id}`}>
          <Stack spacing={2} component="dl" sx={{ m: 0 }}>
            {framework.clauses.map((clause) => (
              <div key={clause.reference}>
                <Typography component="dt" sx={{ fontWeight: 600 }}>
                  {clause.reference} · {clause.title}
                </Typography>
                <Typography component="dd" sx={{ m: 0 }}>
                  <strong>{t('compliance.framework.asks')}:</strong> {clause.asks}
                </Typography>
                <Typography component="dd" sx={{ m: 0, color: 'text.secondary' }}>
                  <strong>{t('compliance.framework.evidence')}:</strong> {clause.evidence}
                </Typography>
              </div>
            ))}
          </Stack>
          {framework.guidance.length ? (
            <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
              {t('compliance.framework.guidance', { guidance: framework.guidance.join('; ') })}
            </Typography>
          ) : null}
        </AccordionDetails>
      </Accordion>
      <div>
        <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
          {t('compliance.framework.modules')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('compliance.framework.cadence', { days: newHireWindowDays })}</Typography>
        <ul data-testid={`framework-modules-${framework.id}`}>
          {framework.modules.map((module) => (
            <li key={module.id}>{t('compliance.framework.moduleLine', { title: module.title, version: module.version, minutes: module.minutes })}</li>
          ))}
        </ul>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {framework.simulationVectors.length ? t('compliance.framework.simulations', { vectors: framework.simulationVectors.join(', ') }) : t('compliance.framework.noSimulations')}{' '}
          {programmes ? t('compliance.framework.programmes', { count: programmes }) : t('compliance.framework.noProgrammes')}
        </Typography>
      </div>
      <Divider />
      <EvidencePack frameworkId={framework.id} />
      <Divider />
      <CompliancePeople frameworkId={framework.id} frameworkName={framework.shortName} />
    </SectionCard>
  );
};
