import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { seriousAxeViolations } from '../../../testing/axe';
import { buildModule, json, moduleId, renderTrainingAdmin, serveApi } from '../testing';

const page = '/configure/trainings/module/';
const own = buildModule({ source: 'own', kind: 'scorm', title: 'Our SCORM lesson', posterUrl: null, remediates: [] });

type Sent = { url: string; headers: Record<string, string>; body: unknown };

/** A stand-in XMLHttpRequest (jsdom's cannot reach the test's fake API): reports progress, then answers. */
const stubUpload = (answer: { status: number; body: unknown }) => {
  const sent: Sent[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    onload?: () => void;
    onerror?: () => void;
    onabort?: () => void;
    private request: Sent = { url: '', headers: {}, body: undefined };
    open(_method: string, url: string) {
      this.request.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name.toLowerCase()] = value;
    }
    abort() {}
    send(body: unknown) {
      this.request.body = body;
      sent.push(this.request);
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      setTimeout(() => {
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      }, 10);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
};

const openDialog = async () => {
  fireEvent.click(await screen.findByTestId('add-module'));
  return screen.findByRole('dialog', { name: 'Add your own module' });
};
const choose = (file: File) => fireEvent.change(screen.getByTestId('add-module-file'), { target: { files: [file] } });

describe('adding an own module', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says what is missing before sending anything, and is accessible', async () => {
    serveApi({ 'GET /api/training-modules/': () => json({ items: [] }) });
    const sent = stubUpload({ status: 201, body: own });
    renderTrainingAdmin(page);
    const dialog = await openDialog();
    expect(await seriousAxeViolations(dialog)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(screen.getByTestId('add-module-file-error')).toHaveTextContent('Choose an MP4 video or a SCORM .zip package.');
    choose(new File(['x'], 'notes.pdf', { type: 'application/pdf' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(screen.getByTestId('add-module-file-error')).toHaveTextContent('This is neither an .mp4 video nor a .zip package.');
    expect(sent).toEqual([]);
  });

  it('sends the zip as the raw body with the words in the query, and shows the server’s refusal on the file field', async () => {
    serveApi({ 'GET /api/training-modules/': () => json({ items: [] }) });
    const problem = 'has an entry that points outside the package (..): ../evil.html';
    const sent = stubUpload({ status: 400, body: { error: { code: 'VALIDATION_FAILED', message: `body: ${problem}`, details: [{ field: 'body', problem, entry: '../evil.html' }] } } });
    renderTrainingAdmin(page);
    const dialog = await openDialog();
    const zip = new File(['PK'], 'lesson.zip', { type: '' });
    choose(zip);
    expect(screen.getByTestId('add-module-file-name')).toHaveTextContent('lesson.zip');
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Reporting a phish' } });
    fireEvent.click(within(dialog).getByLabelText('German'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.getByTestId('add-module-file-error')).toHaveTextContent(problem));
    expect(sent).toHaveLength(1);
    const url = new URL(sent[0]!.url, 'http://localhost');
    expect(url.pathname).toBe('/api/training-modules/own/');
    expect(Object.fromEntries(url.searchParams)).toEqual({ title: 'Reporting a phish', summary: '', topic: 'phishing-basics', minutes: '5', languages: 'en_us,de_de' });
    expect(sent[0]!.headers).toMatchObject({ 'content-type': 'application/zip', authorization: 'Bearer session.jwt' });
    expect(sent[0]!.body).toBe(zip);
    expect(screen.getByRole('dialog', { name: 'Add your own module' })).toBeInTheDocument();
  });

  it('sends an MP4 as video/mp4, then its captions for each language that has a file', async () => {
    const video = buildModule({ id: moduleId, source: 'own', kind: 'video', title: 'Our video', posterUrl: null });
    const calls = serveApi({
      'GET /api/training-modules/': () => json({ items: [] }),
      [`PUT /api/training-modules/own/${moduleId}/captions/en_us/`]: () => json(video),
    });
    const sent = stubUpload({ status: 201, body: video });
    renderTrainingAdmin(page);
    await openDialog();
    choose(new File(['ftyp'], 'clip.MP4'));
    const vtt = new File(['WEBVTT\n'], 'clip.en.vtt');
    fireEvent.change(await screen.findByTestId('add-module-captions-en_us'), { target: { files: [vtt] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add your own module' })).not.toBeInTheDocument());
    expect(sent[0]!.headers['content-type']).toBe('video/mp4');
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url.pathname).toBe(`/api/training-modules/own/${moduleId}/captions/en_us/`);
    expect(await (put.body as Blob).text()).toBe('WEBVTT\n');
  });

  it('closes once the module is added and the catalogue shows it badged; an own module can be archived', async () => {
    let items = [buildModule()];
    const calls = serveApi({
      'GET /api/training-modules/': () => json({ items }),
      [`POST /api/training-modules/own/${moduleId}/archive/`]: () => json(own),
    });
    stubUpload({ status: 201, body: { ...own, id: moduleId } });
    renderTrainingAdmin(page);
    await openDialog();
    choose(new File(['PK'], 'lesson.zip'));
    items = [{ ...own, id: moduleId }];
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add your own module' })).not.toBeInTheDocument());
    const card = await screen.findByRole('article', { name: 'Our SCORM lesson' });
    expect(card).toHaveTextContent('SCORM');
    fireEvent.click(within(card).getByRole('button', { name: 'Archive Our SCORM lesson' }));
    const ask = await screen.findByRole('dialog', { name: 'Archive “Our SCORM lesson”?' });
    items = [];
    fireEvent.click(within(ask).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.url.pathname === `/api/training-modules/own/${moduleId}/archive/`)).toBe(true));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Our SCORM lesson' })).not.toBeInTheDocument());
  });
});
