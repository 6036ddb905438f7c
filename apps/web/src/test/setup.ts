import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { fakeMediaQueryList } from './fakes';

// Mantine reads these browser APIs, which jsdom does not have.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => fakeMediaQueryList(query, false),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};
// React Router's scroll restoration calls it on every navigation.
window.scrollTo = () => {};

// A page's first render loads its lazy route and its Mantine parts; on a shared CI machine running
// two suites at once that has taken over a second, testing-library's default wait. One generous wait
// for every file, not a number per file raised after each flaky run.
configure({ asyncUtilTimeout: 15_000 });

const phoneMatchMedia = window.matchMedia;

afterEach(() => {
  cleanup();
  // Mantine's notification store outlives a test: one left showing would hold the next test's notices
  // in its queue.
  notifications.clean();
  window.matchMedia = phoneMatchMedia;
  window.sessionStorage.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
