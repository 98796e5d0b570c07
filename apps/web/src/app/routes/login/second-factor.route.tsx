import { SecondFactorPage } from '../../../features/auth/components/second-factor-page';

// /login/confirm/: a second factor the person's sign-in policy asks for.
export const Component = SecondFactorPage;
