import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { TRouteDef } from './route-types';

/** spec 000 §9: loading a page chunk gives up after 120 s. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** Raised when a page chunk fails to load or times out; the route error view offers a reload. */
export class ChunkLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

export const withTimeout = <T>(load: () => Promise<T>, ms = CHUNK_TIMEOUT_MS): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new ChunkLoadError(`Loading timed out after ${ms} ms`)), ms);
    load().then(
      (value) => {
        window.clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        window.clearTimeout(timer);
        reject(new ChunkLoadError(err instanceof Error ? err.message : String(err)));
      },
    );
  });

/** Props every page receives: the route it was opened at (id, title, who, portal). */
export type TPageProps = { route: TRouteDef };

export type TLazyPage = LazyExoticComponent<ComponentType<TPageProps>>;

/** React.lazy for a page module (its default export), with the chunk timeout. */
export const lazyPage = (load: () => Promise<{ default: ComponentType<TPageProps> }>): TLazyPage =>
  lazy(() => withTimeout(load));
