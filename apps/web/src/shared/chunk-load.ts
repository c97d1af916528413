/**
 * Loading a lazy part of the app (a route's page, a heavy component) with
 * the spec's chunk load timeout (docs/product.md#limits), for the router's lazy routes and
 * React.lazy alike.
 */

/** Chunk load timeout of docs/product.md#limits. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export function withChunkTimeout<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('Loading a part of the app timed out')),
        CHUNK_LOAD_TIMEOUT_MS,
      );
      load().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
}
