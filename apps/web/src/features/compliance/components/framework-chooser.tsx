import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ComplianceFramework, TrainingModuleSummary } from '@vigil/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { SectionCard } from '../../../components/section-card';
import { ExpandMoreIcon } from '../../../components/icons';
import { messageOf } from '../../../lib/api-client';
import { useChooseFramework } from '../api/choose-framework';
import { useTrainingModules } from '../api/get-training-modules';
import { useRemoveFramework } from '../api/remove-framework';

/** The modules to offer for a framework: its suggestion first, then every other module the organisation may use. */
export const moduleChoices = (framework: ComplianceFramework, modules: readonly TrainingModuleSummary[]) => {
  const suggested = new Set(framework.suggestedModules.map((module) => module.id));
  const known = new Map(modules.map((module) => [module.id, module.title]));
  for (const module of [...framework.suggestedModules, ...framework.modules]) if (!known.has(module.id)) known.set(module.id, module.title);
  return [...known].map(([id, title]) => ({ id, title, suggested: suggested.has(id) })).sort((a, b) => Number(b.suggested) - Number(a.suggested));
};

type ModulePickerProps = { framework: ComplianceFramework; modules: readonly TrainingModuleSummary[]; selected: readonly string[]; onChange: (ids: string[]) => void };

/** Checkboxes of the modules a framework requires, its suggestion marked. */
export const ModulePicker = ({ framework, modules, selected, onChange }: ModulePickerProps) => {
  const { t } = useTranslation();
  return (
    <FormGroup aria-label={t('compliance.chooser.modulesLabel', { framework: framework.shortName })} role="group">
      {moduleChoices(framework, modules).map((module) => (
        <FormControlLabel
          key={module.id}
          control={
            <Checkbox
              checked={selected.includes(module.id)}
              onChange={(event) => onChange(event.target.checked ? [...selected, module.id] : selected.filter((id) => id !== module.id))}
            />
          }
          label={
            <span>
              {module.title}
              {module.suggested ? <Chip size="small" variant="outlined" label={t('compliance.chooser.suggested')} sx={{ ml: 1 }} /> : null}
            </span>
          }
        />
      ))}
    </FormGroup>
  );
};

const FrameworkChoice = ({ framework, modules, onNotice }: { framework: ComplianceFramework; modules: readonly TrainingModuleSummary[]; onNotice: (text: string) => void }) => {
  const { t } = useTranslation();
  const titleId = useId();
  const [selected, setSelected] = useState<string[]>(framework.modules.map((module) => module.id));
  const [confirming, setConfirming] = useState(false);
  const choose = useChooseFramework();
  const remove = useRemoveFramework();
  const save = () =>
    choose.mutate({ id: framework.id, body: { moduleIds: selected } }, { onSuccess: () => onNotice(t('compliance.chooser.saved', { framework: framework.shortName })) });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`choose-${framework.id}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
          {framework.name}
        </Typography>
        {framework.chosen ? <Chip size="small" color="success" label={t('compliance.chooser.chosen')} /> : null}
      </Stack>
      <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{framework.summary}</Typography>
      <Accordion disableGutters variant="outlined" sx={{ mt: 1.5 }}>
        <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`modules-${framework.id}`} id={`modules-${framework.id}-header`}>
          <Typography>{t('compliance.chooser.modulesLabel', { framework: framework.shortName })}</Typography>
        </AccordionSummary>
        <AccordionDetails id={`modules-${framework.id}`}>
          <ModulePicker framework={framework} modules={modules} selected={selected} onChange={setSelected} />
        </AccordionDetails>
      </Accordion>
      {selected.length === 0 ? (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          {t('compliance.chooser.needOne')}
        </Alert>
      ) : null}
      {choose.error || remove.error ? (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {t('compliance.chooser.failed', { message: messageOf(choose.error ?? remove.error) })}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
        <Button variant={framework.chosen ? 'outlined' : 'contained'} disabled={selected.length === 0} loading={choose.isPending} onClick={save} data-testid={`choose-${framework.id}-save`}>
          {framework.chosen ? t('compliance.chooser.save') : t('compliance.chooser.choose', { framework: framework.shortName })}
        </Button>
        {framework.chosen ? (
          <Button color="error" onClick={() => setConfirming(true)}>
            {t('compliance.chooser.remove')}
          </Button>
        ) : null}
      </Stack>
      {confirming ? (
        <Dialog open onClose={remove.isPending ? undefined : () => setConfirming(false)} aria-labelledby={titleId}>
          <DialogTitle id={titleId}>{t('compliance.chooser.removeTitle', { framework: framework.shortName })}</DialogTitle>
          <DialogContent>
            <DialogContentText>{t('compliance.chooser.removeBody')}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirming(false)} disabled={remove.isPending}>
              {t('compliance.chooser.keep')}
            </Button>
            <Button
              color="error"
              variant="contained"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(framework.id, {
                  onSuccess: () => {
                    setConfirming(false);
                    onNotice(t('compliance.chooser.removed', { framework: framework.shortName }));
                  },
                })
              }
            >
              {t('compliance.chooser.removeConfirm')}
            </Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </Paper>
  );
};

/** Every framework of the catalogue: choose it, change the modules it requires, or stop following it. */
export const FrameworkChooser = ({ frameworks }: { frameworks: readonly ComplianceFramework[] }) => {
  const { t } = useTranslation();
  const modules = useTrainingModules();
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <SectionCard title={t('compliance.chooser.title')} intro={t('compliance.chooser.intro')} testId="framework-chooser">
      {notice ? (
        <Alert severity="success" role="status" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      ) : null}
      {modules.error ? <Alert severity="error">{t('compliance.chooser.modulesFailed', { message: messageOf(modules.error) })}</Alert> : null}
      {frameworks.map((framework) => (
        <FrameworkChoice key={`${framework.id}-${framework.chosen}-${framework.modules.map((module) => module.id).join()}`} framework={framework} modules={modules.data ?? []} onNotice={setNotice} />
      ))}
    </SectionCard>
  );
};
