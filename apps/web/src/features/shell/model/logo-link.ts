import { paths } from '../../../config/paths';
import { hasFinishedSetUp, isAdmin, type ShellUser } from './user';

/**
 * Where the logo in the side navigation leads (§2): /welcome/ for an admin who has not completed
 * onboarding, /insights/organization/ for an admin who has, /dashboard/trainings/ for everyone else.
 * "Completed onboarding" means onboarded with the BRA complete: before that, the organisation
 * insights would send an admin on to initial testing (§4), so the logo would not go where it says.
 */
export const getLogoHref = (user: ShellUser): string => {
  if (!isAdmin(user)) return paths.dashboard.trainings.getHref();
  return hasFinishedSetUp(user) ? paths.insights.organization.getHref() : paths.welcome.getHref();
};
