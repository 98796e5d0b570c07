// Every route's path (all with a trailing slash, as the spec requires) and its href builder.
// Routes and links read from here, so a path changes in one place.
export const paths = {
  home: {
    path: '/',
    getHref: () => '/',
  },
  login: {
    path: '/login/',
    getHref: () => '/login/',
  },
  error: {
    path: '/error/',
    getHref: () => '/error/',
  },
  notFound: {
    path: '*',
  },
} as const;
