/**
 * Uploaded logos: the store's branding logo (bucket 'branding', docs/product/calls.md) and the e-mail
 * template's logo (bucket 'email-logos', per account). Each upload is stored twice, under keys that
 * are never rewritten: the original as the review page shows it (an SVG made safe) and a PNG for
 * e-mails (mail clients do not show SVG), at `<key without extension>-email.png`. A save refers to an
 * upload by its key, checked here against the owner's folder so nobody can adopt another's file.
 */
import { randomBytes } from 'node:crypto';
import { IMAGE_TYPES, LOGO_TYPES, LOGO_UPLOADS_PER_HOUR, type StoredLogo } from '#core/api/branding';
import { hitRateLimit } from '../security/rate-limit';
import type { AppContext } from '../context';
import { DomainError } from '../domain-error';
import { ImageRejected, type ImageType } from './types';

export type LogoOwner = { kind: 'branding'; storeId: string } | { kind: 'template'; userId: string };

const EXTENSION_TYPES: Record<string, ImageType> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  svg: 'image/svg+xml',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** Store ids are UUIDs; account ids are better-auth's random strings (letters, digits, - and _). */
const OWNER_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** The folder of an owner's uploads (the spec's bucket and path, as one key prefix). */
function folderOf(owner: LogoOwner): string {
  const id = owner.kind === 'branding' ? owner.storeId : owner.userId;
  if (!OWNER_ID.test(id)) throw new Error('invalid logo owner id');
  return owner.kind === 'branding' ? `branding/${id}/` : `email-logos/${id}/`;
}

/**
 * The file name of an upload: the spec's timestamp plus a short random suffix, so two uploads in the
 * same millisecond (two tabs, two web processes) never share a key.
 */
function fileNameOf(owner: LogoOwner, extension: string): string {
  const stamp = `${Date.now()}-${randomBytes(3).toString('hex')}`;
  return owner.kind === 'branding' ? `logo-${stamp}.${extension}` : `${stamp}.${extension}`;
}

/** The names `fileNameOf` gives (originals only: the e-mail PNG is never a key a save may name). */
const FILE_NAME: Record<LogoOwner['kind'], RegExp> = {
  branding: /^logo-\d{13}-[0-9a-f]{6}\.(png|jpg|svg)$/,
  template: /^\d{13}-[0-9a-f]{6}\.(png|jpg|svg|gif|webp)$/,
};

/** Where the e-mail PNG of an original lives. */
export function emailKeyOf(key: string): string {
  return `${key.replace(/\.[a-z]+$/, '')}-email.png`;
}

function contentTypeOf(key: string): ImageType | null {
  const extension = /\.([a-z]+)$/.exec(key)?.[1];
  return (extension && EXTENSION_TYPES[extension]) || null;
}

function logoOf(ctx: AppContext, key: string, contentType: ImageType, emailUrl?: string | null): StoredLogo {
  return { key, url: ctx.storage.publicUrl(key), email_url: emailUrl || ctx.storage.publicUrl(emailKeyOf(key)), content_type: contentType };
}

/** Stores an upload (judged by its content) and its e-mail PNG; the saved branding or template is unchanged. */
export async function saveUploadedLogo(ctx: AppContext, bytes: Uint8Array, owner: LogoOwner): Promise<StoredLogo> {
  // Every upload is kept (e-mails already sent show it): bounded per owner, so storage cannot be filled.
  const limit = await hitRateLimit(ctx.db, `logo-upload:${folderOf(owner)}`, { max: LOGO_UPLOADS_PER_HOUR, windowSeconds: 3600 });
  if (!limit.allowed) throw new DomainError('rate_limited', { retryAfterSeconds: limit.retryAfterSeconds });
  // Loaded on first upload: the image library is heavy, and the sender (which imports emailLogoUrl) never needs it.
  const { processImage } = await import('./image');
  let image;
  try {
    image = await processImage(bytes, owner.kind === 'branding' ? LOGO_TYPES : IMAGE_TYPES);
  } catch (error) {
    if (!(error instanceof ImageRejected)) throw error;
    if (error.reason === 'unreadable') throw new DomainError('logo_unreadable');
    throw new DomainError(owner.kind === 'branding' ? 'logo_unsupported_type' : 'template_logo_not_image');
  }
  const key = `${folderOf(owner)}${fileNameOf(owner, image.extension)}`;
  // The PNG first: a key whose original exists is then always complete (resolveLogoKey checks both).
  await ctx.storage.put(emailKeyOf(key), image.emailPng, 'image/png');
  await ctx.storage.put(key, image.bytes, image.contentType);
  return logoOf(ctx, key, image.contentType);
}

/** The upload a save names, only if it is one of this owner's and both of its files exist. */
export async function resolveLogoKey(ctx: AppContext, key: string, owner: LogoOwner): Promise<StoredLogo> {
  const folder = folderOf(owner);
  const contentType = contentTypeOf(key);
  if (!key.startsWith(folder) || !FILE_NAME[owner.kind].test(key.slice(folder.length)) || !contentType) throw new DomainError('logo_not_found');
  const [original, email] = await Promise.all([ctx.storage.exists(key), ctx.storage.exists(emailKeyOf(key))]);
  if (!original || !email) throw new DomainError('logo_not_found');
  return logoOf(ctx, key, contentType);
}

/**
 * The logo behind saved URLs, for the editors; null when none is saved or the URL is not one of our
 * storage's (a logo set before uploads existed keeps showing on the page, but is no upload to edit).
 */
export function storedLogoOf(ctx: AppContext, logoUrl: string | null | undefined, logoEmailUrl: string | null | undefined): StoredLogo | null {
  if (!logoUrl) return null;
  const key = ctx.storage.keyOfUrl(logoUrl);
  const contentType = key ? contentTypeOf(key) : null;
  if (!key || !contentType) return null;
  return logoOf(ctx, key, contentType, logoEmailUrl);
}

/**
 * The logo an e-mail shows: the PNG made for e-mails, else the original unless it is an SVG (which
 * most mail clients do not show).
 */
export function emailLogoUrl(logoEmailUrl: string | null | undefined, logoUrl: string | null | undefined): string | null {
  if (logoEmailUrl) return logoEmailUrl;
  if (!logoUrl) return null;
  const path = (() => {
    try {
      return new URL(logoUrl).pathname;
    } catch {
      return logoUrl;
    }
  })();
  return /\.svg$/i.test(path) ? null : logoUrl;
}
