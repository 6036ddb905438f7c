import { lazy, type ComponentType } from 'react';

/** The spec: a lazy chunk that has not loaded after 120 seconds has failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** The spec's text for a page whose code could not be loaded. */
export const CHUNK_LOAD_FAILED_MESSAGE = 'Loading chunk failed';

export class ChunkLoadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChunkLoadError';
  }
}

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof ChunkLoadError;
}

/** Settles like the promise, or rejects with a ChunkLoadError after `ms`; any failure becomes one. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`${CHUNK_LOAD_FAILED_MESSAGE}: no answer after ${ms / 1000} s`)),
      ms,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(CHUNK_LOAD_FAILED_MESSAGE, { cause: error }));
      },
    );
  });
}

/**
 * React.lazy for a page (a component without props) whose import fails with a ChunkLoadError when
 * it errors or takes longer than the limit.
 */
export function lazyWithTimeout(
  load: () => Promise<{ default: ComponentType }>,
  ms: number = CHUNK_LOAD_TIMEOUT_MS,
) {
  return lazy(() => withTimeout(load(), ms));
}
