// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { pageMessage } from '../../../src/lib/page-messages.ts';

const readyState = (state: DocumentReadyState) => Object.defineProperty(document, 'readyState', { configurable: true, get: () => state });

describe('the texts a page embeds for its scripts', () => {
  afterEach(() => {
    delete (document as { readyState?: unknown }).readyState;
  });

  it('[API-06] a text asked for while the page is still arriving is found once its block is there, not the key for good', () => {
    // An account island hydrates at once for a stored login and can load the session store (which reads texts)
    // before the parser reaches the block at the end of <body>: on a busy machine the expired-session toast said
    // "auth.error.sessionExpired".
    readyState('loading');
    expect(pageMessage('auth.error.sessionExpired')).toBe('auth.error.sessionExpired');
    const block = document.createElement('script');
    block.type = 'application/json';
    block.dataset.messages = '';
    block.textContent = JSON.stringify({ 'auth.error.sessionExpired': 'Votre session a expiré. Veuillez vous reconnecter.' });
    document.body.append(block);
    readyState('interactive');
    expect(pageMessage('auth.error.sessionExpired')).toBe('Votre session a expiré. Veuillez vous reconnecter.');
    // Once the page is parsed the texts are read once and kept.
    block.remove();
    expect(pageMessage('auth.error.sessionExpired')).toBe('Votre session a expiré. Veuillez vous reconnecter.');
  });
});
