import { readCookie } from '@dukkan/contracts/cookies';
import { XSRF_COOKIE, XSRF_HEADER } from '@dukkan/contracts/xsrf';


/** How much of a request's body has gone up: bytes sent and bytes in all. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** The API's answer to an upload: its status and its JSON body (`null` when it had none or was not JSON). */
export interface UploadAnswer {
  status: number;
  body: unknown;
}

export interface UploadOptions {
  /** The path under the API, with its query (e.g. `admin/products/import?async=1`). */
  path: string;
  body: Blob;
  contentType: string;
  /** Called as the body's bytes leave the browser. */
  onProgress: (progress: UploadProgress) => void;
}

/** Thrown when the request got no answer at all (the network, or the server went away). */
export class UploadNetworkError extends Error {
  constructor() {
    super('The upload got no answer');
    this.name = 'UploadNetworkError';
  }
}

/**
 * POSTs `body` with XMLHttpRequest, because fetch reports nothing of a body's upload: the
 * same request the RTK Query base query would make (same origin, `Accept: application/json`,
 * the CSRF header echoing the `XSRF-TOKEN` cookie), with `upload.onprogress` reported.
 * Resolves with every answer the server gives (4xx and 5xx included); rejects only when there is none.
 */
export function uploadWithProgress({ path, body, contentType, onProgress }: UploadOptions): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${window.location.origin}/api/${path}`);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Content-Type', contentType);
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) request.setRequestHeader(XSRF_HEADER, xsrf);
    request.upload.onprogress = (event) => {
      onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : body.size });
    };
    request.onload = () => {
      let parsed: unknown = null;
      if (request.responseText) {
        try {
          parsed = JSON.parse(request.responseText) as unknown;
        } catch {
          parsed = null;
        }
      }
      resolve({ status: request.status, body: parsed });
    };
    request.onerror = () => reject(new UploadNetworkError());
    request.onabort = () => reject(new UploadNetworkError());
    request.send(body);
  });
}

/** A whole percentage of an upload, 0 to 100. */
export function percentOf({ loaded, total }: UploadProgress): number {
  if (total <= 0) return 0;
  return Math.max(0, Math.min(100, Math.floor((loaded / total) * 100)));
}
