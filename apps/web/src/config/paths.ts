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
    // Where emailed links land (`?t=<token>`); the server accepts only addresses of this app.
    magicLink: {
      path: '/login/verify/',
      getHref: () => '/login/verify/',
    },
    enchantedLink: {
      path: '/login/enchanted/',
      getHref: () => '/login/enchanted/',
    },
    resetPassword: {
      path: '/login/reset-password/',
      getHref: () => '/login/reset-password/',
    },
  },
  error: {
    path: '/error/',
    getHref: () => '/error/',
  },
  dashboard: {
    insights: {
      path: '/dashboard/insights/',
      getHref: () => '/dashboard/insights/',
    },
  },
  notFound: {
    path: '*',
  },
} as const;

// Server endpoints the web app calls directly (the auth provider's own paths belong to the SDK).
export const apiPaths = {
  clientConfig: '/api/client-config/',
  personalUserData: '/api/personal_user_data/',
} as const;
