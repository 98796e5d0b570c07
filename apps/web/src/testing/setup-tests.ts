import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Components read strings through react-i18next's global instance, which this import initialises.
import '../lib/i18n';

// jsdom does not scroll; the shell scrolls to the top on every path change.
window.scrollTo = () => {};

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});
