import { useParams } from 'react-router';

import { IntegrationPage } from '../../../features/integrations/components/integration-page';
import { IntegrationsPage } from '../../../features/integrations/components/integrations-page';
import { PageError } from '../../../features/shell/components/page-error';

// /configure/integrations/ lists them; /configure/integrations/{serviceId}/ configures one.
export const Component = () => (useParams().serviceId ? <IntegrationPage /> : <IntegrationsPage />);
export const ErrorBoundary = PageError;
