import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** One headline number with what it counts and a short note under it. */
export const StatTile = ({ label, value, note, testId }: { label: string; value: string; note?: string; testId?: string }) => (
  <Paper variant="outlined" sx={{ p: 2, flex: '1 1 200px' }} data-testid={testId}>
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      {label}
    </Typography>
    <Typography sx={{ fontSize: '1.75rem', fontWeight: 700 }}>{value}</Typography>
    {note ? (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {note}
      </Typography>
    ) : null}
  </Paper>
);
