import { replace } from 'react-router';

import { PageSpinner } from '../../components/page-spinner';
import { paths } from '../../config/paths';

// Until the shell and role-based landing pages exist, everyone starts at sign-in.
// `replace` keeps "/" out of history so Back does not bounce straight here again.
export const loader = () => replace(paths.login.getHref());

// Never seen in practice (the loader always redirects), but a leaf route must render something.
export const Component = PageSpinner;
