/**
 * Catches the file downloads a test starts (jsdom downloads nothing): each
 * link clicked with a `download` name, with the file it points at and what
 * was true at the click, whether the link was in the page (a browser may
 * ignore a click on one that is not) and whether its object URL had been
 * revoked already. Only test files import this.
 */
import { vi } from 'vitest';

export interface CaughtDownload {
  fileName: string;
  blob: Blob | undefined;
  /** The file's text as it is stored, a byte-order mark included. */
  text: () => Promise<string>;
  /** The link was in the document when it was clicked. */
  linkInPage: boolean;
  /** Its object URL had been revoked by the time the click returned. */
  revokedAtClick: () => boolean;
  /** Its object URL has been revoked by now. */
  revoked: () => boolean;
}

export function catchDownloads(): CaughtDownload[] {
  const blobs = new Map<string, Blob>();
  const revoked = new Set<string>();
  const downloads: CaughtDownload[] = [];
  let count = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((object) => {
    count += 1;
    const url = `blob:http://localhost/download-${count}`;
    if (object instanceof Blob) blobs.set(url, object);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => {
    revoked.add(url);
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (!this.download) return;
    const url = this.href;
    const linkInPage = this.isConnected;
    // Whatever the caller does right after the click, still within its task.
    let revokedAtClick: boolean | undefined;
    queueMicrotask(() => {
      revokedAtClick = revoked.has(url);
    });
    const blob = blobs.get(url);
    downloads.push({
      fileName: this.download,
      blob,
      // Blob.text() drops a leading BOM, which is what some tests look for.
      text: async () =>
        new TextDecoder('utf-8', { ignoreBOM: true }).decode(
          await (blob ?? new Blob()).arrayBuffer(),
        ),
      linkInPage,
      revokedAtClick: () => revokedAtClick ?? revoked.has(url),
      revoked: () => revoked.has(url),
    });
  });
  return downloads;
}
