import { PageSpinner } from '../../components/page-spinner';

// "/" is where sign-in lands. The shell's guard sends it on to the person's own landing page (an
// admin's organisation insights, a manager's reports, everyone else's insights), or to /login/.
export const Component = PageSpinner;
