import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import './index.css';
import './i18n';
import { App } from './app/App';

// No eval-based fast paths in zod: the Content-Security-Policy forbids eval (and zod would probe for it).
z.config({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
