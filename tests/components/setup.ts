import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Each test renders into a clean document; local storage starts empty too.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
