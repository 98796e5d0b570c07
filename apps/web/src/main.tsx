import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/app';
import { startLanguage } from './lib/language-startup';

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing the #root element');

// The chosen language's catalogue arrives before the first render, so no English flashes first.
void startLanguage().finally(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
