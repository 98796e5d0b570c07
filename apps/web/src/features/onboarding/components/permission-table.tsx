import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { ScrollableTableContainer } from '../../../components/scrollable-table-container';

export type Grant = { name: string; kind?: string; why: string };

type PermissionTableProps = { grants: Grant[]; nameHeading: string; kindHeading?: string; whyHeading: string; label: string };

/** What to grant, by its exact name in the other product, and why Vigil needs it. */
export const PermissionTable = ({ grants, nameHeading, kindHeading, whyHeading, label }: PermissionTableProps) => (
  <ScrollableTableContainer label={label}>
    <Table size="small" aria-label={label} data-testid="permission-table">
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            {nameHeading}
          </TableCell>
          {kindHeading ? (
            <TableCell component="th" scope="col">
              {kindHeading}
            </TableCell>
          ) : null}
          <TableCell component="th" scope="col">
            {whyHeading}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {grants.map((grant) => (
          <TableRow key={grant.name}>
            <TableCell component="th" scope="row" sx={{ verticalAlign: 'top' }}>
              {/* Permission names stay whole; scope URLs may break anywhere. */}
              <Box
                component="code"
                sx={{ fontFamily: 'monospace', fontSize: '0.85rem', ...(grant.name.includes('/') ? { overflowWrap: 'anywhere' } : { whiteSpace: 'nowrap' }) }}
              >
                {grant.name}
              </Box>
            </TableCell>
            {kindHeading ? <TableCell sx={{ verticalAlign: 'top' }}>{grant.kind}</TableCell> : null}
            <TableCell sx={{ verticalAlign: 'top' }}>{grant.why}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </ScrollableTableContainer>
);
