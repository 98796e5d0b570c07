import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UsersImportPreview, UsersImportResult } from '@vigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json } from '../../../testing/signed-in';
import { serveApi } from '../../../testing/serve-api';
import { renderSignedInPanel } from '../testing';
import { UsersImportDialog } from './users-import-dialog';

const csv = 'first_name,last_name,email\nNia,New,nia@acme.example\nBad,Row,not-an-email\n';

const values = (firstName: string, lastName: string, email: string) => ({
  firstName,
  lastName,
  email,
  role: '',
  department: '',
  managerEmail: '',
  startDate: '',
  jobTitle: '',
  phone: '',
  timeZone: '',
  language: '',
});

const preview: UsersImportPreview = {
  ignoredColumns: ['Employee ID'],
  rows: [
    { line: 2, values: values('Nia', 'New', 'nia@acme.example'), action: 'create', changes: [], newDepartment: false, errors: [] },
    {
      line: 3,
      values: values('Bad', 'Row', 'not-an-email'),
      action: 'create',
      changes: [],
      newDepartment: false,
      errors: [{ field: 'email', problem: 'Not a valid email address.' }],
    },
  ],
  summary: { rows: 2, create: 1, update: 0, unchanged: 0, invalid: 1 },
  newDepartments: ['Research'],
};

const result: UsersImportResult = { created: 1, updated: 0, unchanged: 0, skipped: 1, departmentsCreated: 1 };

const chooseFile = (dialog: HTMLElement, text = csv) =>
  fireEvent.change(within(dialog).getByTestId('import-file-input'), { target: { files: [new File([text], 'people.csv', { type: 'text/csv' })] } });

const renderDialog = () => {
  const onClose = vi.fn();
  renderSignedInPanel(() => <UsersImportDialog onClose={onClose} />);
  return { dialog: screen.getByRole('dialog', { name: 'Import users from a CSV file' }), onClose };
};

describe('UsersImportDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('explains the format before a file is chosen', () => {
    serveApi({});
    const { dialog } = renderDialog();
    for (const column of ['first_name', 'last_name', 'email', 'role', 'department', 'manager_email', 'start_date']) {
      expect(within(dialog).getByText(column)).toBeInTheDocument();
    }
    expect(dialog).toHaveTextContent('An empty cell leaves what is already recorded');
  });

  it('previews the file with each row’s problems, and imports only once the admin agrees to leave the bad rows out', async () => {
    let finish: (response: Response) => void = () => {};
    const calls = serveApi({
      'POST /api/organization/users/import/preview/': () => json(preview),
      'POST /api/organization/users/import/': () => new Promise((resolve) => (finish = resolve)),
    });
    const { dialog } = renderDialog();
    chooseFile(dialog);

    const table = await within(dialog).findByRole('table', { name: 'What the import would do, row by row' });
    expect(calls[0]!.body).toEqual({ csv });
    // Rows with errors come first, each with its problems by column.
    expect(within(table).getAllByTestId('import-preview-row')).toHaveLength(1);
    expect(within(table).getByRole('list', { name: 'Problems on line 3' })).toHaveTextContent('Email: Not a valid email address.');
    expect(within(table).getByText('not-an-email').closest('td')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByTestId('import-summary')).toHaveTextContent('1 to add');
    expect(dialog).toHaveTextContent('These departments will be created: Research.');
    expect(dialog).toHaveTextContent('These columns are not used and will be ignored: Employee ID.');
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Show only rows with errors' }));
    expect(within(within(dialog).getByRole('table')).getAllByTestId('import-preview-row')).toHaveLength(2);

    const confirm = within(dialog).getByRole('button', { name: 'Import 1 row' });
    expect(confirm).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Leave out the row with errors and import the rest (1)' }));
    expect(confirm).toBeEnabled();
    fireEvent.click(confirm);

    expect(await within(dialog).findByTestId('import-progress')).toHaveTextContent('Importing 1 row… Keep this window open.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(calls.at(-1)!.body).toEqual({ csv, skipInvalidRows: true });

    finish(json(result));
    expect(await within(dialog).findByTestId('import-done')).toHaveTextContent('Import complete: 1 added, 0 updated, 0 unchanged, 1 left out, 1 new department.');
  });

  it('shows what is wrong with the file as a whole, and lets the admin choose another', async () => {
    serveApi({
      'POST /api/organization/users/import/preview/': () =>
        json({ error: { code: 'VALIDATION_FAILED', message: 'The first row must name the columns first_name, last_name, email; it lacks email.' } }, 400),
    });
    const { dialog } = renderDialog();
    chooseFile(dialog, 'first_name,last_name\nA,B\n');
    expect(await within(dialog).findByTestId('import-file-error')).toHaveTextContent('it lacks email');
    expect(within(dialog).getByTestId('import-file-input')).toBeInTheDocument();
  });

  it('says that every row has errors and what to do, and offers nothing to import', async () => {
    const bad = (line: number, email: string) => ({
      line,
      values: values('Bad', 'Row', email),
      action: 'create' as const,
      changes: [],
      newDepartment: false,
      errors: [{ field: 'email' as const, problem: 'Not a valid email address.' }],
    });
    serveApi({
      'POST /api/organization/users/import/preview/': () =>
        json({ ignoredColumns: [], rows: [bad(2, 'nope'), bad(3, 'nada')], summary: { rows: 2, create: 0, update: 0, unchanged: 0, invalid: 2 }, newDepartments: [] }),
    });
    const { dialog } = renderDialog();
    chooseFile(dialog);

    expect(await within(dialog).findByTestId('import-all-rows-invalid')).toHaveTextContent(
      'All 2 rows have errors, so there is nothing to import. Fix them in your file and choose the file again.',
    );
    expect(dialog).not.toHaveTextContent('Nothing to import: every row without errors matches what is already recorded.');
    expect(dialog).not.toHaveTextContent('import only the rows without errors');
    expect(within(dialog).queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Choose another file' })).toBeEnabled();
  });

  it('shows where the file cannot be read, in the server’s sentence', async () => {
    const message = 'Line 4 has a quote (") that is never closed, so everything after it would be read as one cell. Add the closing quote at the end of the cell, or remove the opening one. Fix it in your file and choose the file again.';
    serveApi({
      'POST /api/organization/users/import/preview/': () =>
        json({ error: { code: 'VALIDATION_FAILED', message, details: [{ field: 'body.csv', problem: message, line: 4 }] } }, 400),
    });
    const { dialog } = renderDialog();
    chooseFile(dialog, 'first_name,last_name,email\nA,B,a@b.example\n\nC,"D,c@d.example\n');
    expect(await within(dialog).findByTestId('import-file-error')).toHaveTextContent(message);
  });

  it('checks again when the people changed between the preview and the import', async () => {
    let previews = 0;
    serveApi({
      'POST /api/organization/users/import/preview/': () => json(++previews === 1 ? { ...preview, rows: [preview.rows[0]!], summary: { ...preview.summary, invalid: 0, rows: 1 } } : preview),
      'POST /api/organization/users/import/': () => json({ error: { code: 'VALIDATION_FAILED', message: '1 of 1 rows have errors' } }, 400),
    });
    const { dialog } = renderDialog();
    chooseFile(dialog);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Import 1 row' }));
    await waitFor(() => expect(dialog).toHaveTextContent('Some people changed since the check, so nothing was imported.'));
    expect(within(dialog).getByRole('button', { name: 'Import 1 row' })).toBeDisabled();
  });
});
