import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LearnerAssignment } from '@vigil/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { watchedPercent } from '../model/player-rules';
import { useTrainingFormat } from '../use-training-format';
import { TrainingStatusChip } from './training-status-chip';

/** One assigned module: poster, title, length, due date, status, how much was watched, and the way in. */
export const TrainingCard = ({ assignment, href }: { assignment: LearnerAssignment; href: string }) => {
  const { t } = useTranslation();
  const format = useTrainingFormat();
  const titleId = useId();
  const { module } = assignment;
  const percent = watchedPercent(assignment.watchedSeconds, assignment.durationSeconds);
  const action = assignment.status === 'assigned' ? 'start' : assignment.status === 'in_progress' ? 'continue' : 'open';
  return (
    <Card variant="outlined" component="article" aria-labelledby={titleId} data-testid="training-card" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      {module.posterUrl ? (
        // Decoration: the title beside it says what the lesson is.
        <CardMedia component="img" image={module.posterUrl} alt="" sx={{ aspectRatio: '16 / 9', objectFit: 'cover', bgcolor: 'grey.100' }} />
      ) : (
        <Box sx={{ aspectRatio: '16 / 9', bgcolor: 'grey.100' }} />
      )}
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
          <TrainingStatusChip status={assignment.status} />
          {assignment.overdue ? <Chip size="small" color="error" label={t('trainings.card.overdue')} data-testid="training-overdue" /> : null}
          {assignment.reason === 'remedial' ? (
            <Chip size="small" color="warning" variant="outlined" label={t('trainings.card.remedial')} data-testid="training-remedial" />
          ) : null}
        </Stack>
        <Typography id={titleId} variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 0.5 }}>
          {module.title}
        </Typography>
        {assignment.reason === 'remedial' ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }}>
            {t('trainings.card.remedialHint')}
          </Typography>
        ) : null}
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('trainings.card.minutes', { count: module.minutes })}
          {' · '}
          <Box component="span" sx={assignment.overdue ? { color: 'error.main', fontWeight: 600 } : undefined} data-testid="training-due">
            {t('trainings.card.due', { date: format.date(assignment.dueAt) })}
          </Box>
        </Typography>
        {/* A SCORM package keeps its own progress; only a video's share watched is known here. */}
        {module.kind === 'scorm' ? null : <Box sx={{ mt: 2 }}>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label={t('trainings.card.progressLabel', { title: module.title })}
            aria-valuetext={t('trainings.card.progress', { percent })}
            sx={{ height: 8, borderRadius: 4 }}
          />
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {t('trainings.card.progress', { percent })}
          </Typography>
        </Box>}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button component={RouterLink} to={href} variant={action === 'open' ? 'outlined' : 'contained'} aria-label={t(`trainings.card.${action}Label`, { title: module.title })}>
          {t(`trainings.card.${action}`)}
        </Button>
      </CardActions>
    </Card>
  );
};
