import { PageNotFound } from '../../components/page-not-found';

export const Component = PageNotFound;
