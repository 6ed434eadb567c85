/** What the media area offers the rest of the server: a storage for uploaded files and image processing. */
import type { IMAGE_TYPES } from '#core/api/branding';

export type ImageType = (typeof IMAGE_TYPES)[number];

export interface StoredObject {
  bytes: Uint8Array;
  contentType: string;
}

/**
 * Uploaded files by key (`branding/{storeId}/logo-{timestamp}.png`). Keys are never rewritten: a new
 * upload is a new key, so an e-mail already sent keeps its image.
 */
export interface Storage {
  readonly kind: 'database' | 'files' | 's3';
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Null when nothing is stored under `key`. */
  get(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Removes what is stored under `key` (nothing there is no error): a customer's erasure reaches every copy. */
  delete(key: string): Promise<void>;
  /** The stable public URL a page or an e-mail loads the file from (absolute). */
  publicUrl(key: string): string;
  /** The key behind one of this storage's public URLs; null for any other URL. */
  keyOfUrl(url: string): string | null;
}

/** An accepted image: the original as the review page shows it (an SVG made safe) and a PNG for e-mails. */
export interface ProcessedImage {
  contentType: ImageType;
  extension: 'png' | 'jpg' | 'svg' | 'gif' | 'webp';
  /** The bytes to store: the upload itself, or for an SVG its sanitised rewrite. */
  bytes: Uint8Array;
  /** A PNG at most 400 px wide (twice the e-mail's 200 px, for sharp screens), without metadata. */
  emailPng: Uint8Array;
}

/** Why an upload was refused: not an accepted type by its content, or not readable/safe. */
export class ImageRejected extends Error {
  constructor(readonly reason: 'unsupported_type' | 'unreadable') {
    super(reason);
    this.name = 'ImageRejected';
  }
}
