import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { createTestRequestBodySchema, type CreateTestRequestBody, type CreateTestRequestInput, type TestRequest, type TestRequestAnswer } from '@vigil/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { ChoicesField } from '../../../components/choices-field';
import { EmptyState } from '../../../components/empty-state';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../config/paths';
import { messageOf } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/server-field-errors';
import { useCreateTestRequest } from '../api/create-test-request';
import { useRequestDepartments } from '../api/get-request-departments';
import { useTestRequests } from '../api/get-test-requests';
import { useRedraftTestRequest } from '../api/redraft-test-request';

const formFields = ['scenario', 'who', 'departmentIds'] as const;

const templateHref = (id: string) => `${paths.configure.testing.getHref()}?${new URLSearchParams({ tab: 'templates', template: id })}`;

/** What happened to the draft lure, said plainly. */
const DraftOutcome = ({ draft }: { draft: TestRequestAnswer['draft'] }) => {
  const { t } = useTranslation();
  if (draft.outcome === 'drafted') return <Alert severity="success">{t('testRequests.outcome.drafted')}</Alert>;
  if (draft.outcome === 'failed') return <Alert severity="warning">{t('testRequests.outcome.failed', { message: draft.message })}</Alert>;
  return <Alert severity="info">{t('testRequests.outcome.notConfigured')}</Alert>;
};

const RequestForm = ({ llmConfigured }: { llmConfigured: boolean }) => {
  const { t } = useTranslation();
  const create = useCreateTestRequest();
  const departments = useRequestDepartments();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError, reset, formState } = useForm<CreateTestRequestInput, unknown, CreateTestRequestBody>({
    resolver: zodResolver(createTestRequestBodySchema),
    defaultValues: { scenario: '', who: '', departmentIds: [] },
  });
  const problem = (field: (typeof formFields)[number]) => {
    const error = formState.errors[field];
    if (!error) return undefined;
    return error.type === 'server' ? error.message : field === 'scenario' ? t('testRequests.form.scenarioTooShort') : t('testRequests.form.invalid');
  };
  const onSubmit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      await create.mutateAsync(body);
      reset();
    } catch (error) {
      if (!applyServerFieldErrors(error, formFields, setError)) setFormError(messageOf(error));
    }
  });

  return (
    <SectionCard title={t('testRequests.form.title')} intro={t('testRequests.form.intro')} testId="test-request-form">
      {!llmConfigured ? <Alert severity="info">{t('testRequests.noLlm')}</Alert> : null}
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2.5}>
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          <Controller
            name="scenario"
            control={control}
            render={({ field }) => (
              <TextField {...field} multiline minRows={4} required label={t('testRequests.form.scenario')} placeholder={t('testRequests.form.scenarioExample')} error={Boolean(problem('scenario'))} helperText={problem('scenario') ?? t('testRequests.form.scenarioHelp')} />
            )}
          />
          <Controller
            name="who"
            control={control}
            render={({ field }) => <TextField {...field} label={t('testRequests.form.who')} placeholder={t('testRequests.form.whoExample')} error={Boolean(problem('who'))} helperText={problem('who')} />}
          />
          <Controller
            name="departmentIds"
            control={control}
            render={({ field }) => (
              <ChoicesField
                label={t('testRequests.form.departments')}
                options={departments.data}
                loading={departments.isPending}
                value={field.value}
                onChange={field.onChange}
                error={problem('departmentIds')}
                helperText={t('testRequests.form.departmentsHelp')}
              />
            )}
          />
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" loading={create.isPending}>
              {t('testRequests.form.submit')}
            </Button>
          </Stack>
          {create.isPending && llmConfigured ? <Typography sx={{ color: 'text.secondary' }}>{t('testRequests.form.drafting')}</Typography> : null}
          {create.data ? <DraftOutcome draft={create.data.draft} /> : null}
        </Stack>
      </Box>
    </SectionCard>
  );
};

const RequestItem = ({ request, llmConfigured }: { request: TestRequest; llmConfigured: boolean }) => {
  const { t, i18n } = useTranslation();
  const redraft = useRedraftTestRequest();
  return (
    <ListItem disableGutters divider data-testid="test-request" sx={{ display: 'block', py: 2 }}>
      <Stack spacing={1}>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(request.createdAt))}
          {request.who ? ` · ${request.who}` : ''}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{request.scenario}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap', columnGap: 3, rowGap: 1 }}>
          {request.campaign ? (
            <Link component={RouterLink} to={paths.configure.testing.getHref()}>
              {t('testRequests.list.campaign', { name: request.campaign.name })}
            </Link>
          ) : null}
          {request.template ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Link component={RouterLink} to={templateHref(request.template.id)}>
                {t('testRequests.list.template', { name: request.template.name })}
              </Link>
              {request.template.status === 'draft' ? <Chip size="small" color="warning" label={t('testRequests.list.awaitingApproval')} /> : <Chip size="small" color="success" label={t('testRequests.list.approved')} />}
            </Stack>
          ) : llmConfigured ? (
            <Button size="small" loading={redraft.isPending} onClick={() => redraft.mutate(request.id)}>
              {t('testRequests.list.redraft')}
            </Button>
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('testRequests.list.noTemplate')}
            </Typography>
          )}
        </Stack>
        {redraft.data ? <DraftOutcome draft={redraft.data.draft} /> : null}
        {redraft.error ? <Alert severity="error">{messageOf(redraft.error)}</Alert> : null}
      </Stack>
    </ListItem>
  );
};

/** Configure → Testing → Request: a tailored test in the admin's words, and the past requests with their drafts. */
export const TestRequests = () => {
  const { t } = useTranslation();
  const requests = useTestRequests();
  const items = requests.data?.pages.flatMap((page) => page.items) ?? [];
  const llmConfigured = requests.data?.pages[0]?.llmConfigured ?? true;
  return (
    <Stack spacing={4}>
      <RequestForm llmConfigured={llmConfigured} />
      <SectionCard title={t('testRequests.list.title')} testId="test-requests">
        {requests.isPending ? <LinearProgress aria-label={t('testRequests.list.loading')} /> : null}
        {requests.isError ? <Alert severity="error">{messageOf(requests.error)}</Alert> : null}
        {requests.isSuccess && items.length === 0 ? <EmptyState testId="test-requests-empty">{t('testRequests.list.empty')}</EmptyState> : null}
        {items.length > 0 ? (
          <List disablePadding>
            {items.map((request) => (
              <RequestItem key={request.id} request={request} llmConfigured={llmConfigured} />
            ))}
          </List>
        ) : null}
        {requests.hasNextPage ? (
          <Button onClick={() => void requests.fetchNextPage()} loading={requests.isFetchingNextPage}>
            {t('testRequests.list.more')}
          </Button>
        ) : null}
      </SectionCard>
    </Stack>
  );
};
