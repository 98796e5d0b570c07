import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The first render of a page imports its lazy route module, which takes more than Testing Library's
// default 1 s when the CI machine's two cores are busy; a wait that fails still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

// Components read strings through react-i18next's global instance, which this import initialises.
import '../lib/i18n';

// jsdom does not scroll; the shell scrolls to the top on every path change. (Pure-logic tests run
// without jsdom, under `// @vitest-environment node`, and have no window.)
if (typeof window !== 'undefined') window.scrollTo = () => {};

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});
