import { useTranslation } from 'react-i18next';

import { EmptyState } from '../../../components/empty-state';
import { SectionCard } from '../../../components/section-card';

/**
 * The compliance page. Compliance frameworks come in a later increment: it will add a `compliance`
 * tab to GET /api/my-trainings/ (learnerAssignmentsQuerySchema) for the assignments a framework
 * requires, and this page will list them with the same TrainingCard and lesson link the learning
 * page uses. Until then it says so plainly rather than showing made-up rows.
 */
export const ComplianceTrainings = () => {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('trainings.compliance.title')} testId="compliance-list">
      <EmptyState testId="compliance-empty">{t('trainings.compliance.empty')}</EmptyState>
    </SectionCard>
  );
};
