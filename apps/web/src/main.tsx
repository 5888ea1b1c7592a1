import './lib/zod-config.ts';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { initI18n } from './lib/i18n.ts';

// The shell's text (common, tools) is loaded before the first render, so no page ever shows
// raw keys; the theme and <html lang> were already set by /theme-init.js.
void initI18n().finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
