/**
 * The active store's branding: GET /api/branding, PUT /api/branding/identity and /page, the logo
 * upload (POST /api/branding/logo, the file's raw bytes) and the review page rendered with unsaved
 * values (POST /api/branding/preview).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { identityInput, pageInput, previewInput, previewReviewPage, readBranding, saveIdentity, savePage, uploadBrandingLogo, type StoredLogo } from '#core/api/branding';
import type { BrandingConfig } from '#core/api/branding';
import type { CustomerLanguage } from '#core/customer-language';
import { apiFetch } from '../lib/api';
import { call, urlOf } from './client';
import { queryKeys } from './keys';

export type { BrandingConfig, PageCustomization, PreviewView, StoredLogo, VisualIdentity } from '#core/api/branding';

export type IdentityBody = z.input<typeof identityInput>;
export type PageBody = z.input<typeof pageInput>;
export type PreviewBody = z.input<typeof previewInput>;

/** Logo, colours and the page's texts in a language (undefined: the store's default; the shipped texts until saved). */
export function useBranding(language: CustomerLanguage | undefined) {
  return useQuery({ queryKey: queryKeys.brandingIn(language), queryFn: ({ signal }) => call(readBranding, { query: { language }, signal }) });
}

/**
 * Saves one tab; the answer (what the server kept, both tabs) becomes the cached configuration of the
 * language shown. The identity is every language's: the others are read afresh when shown.
 */
export function useSaveIdentity(language: CustomerLanguage | undefined) {
  const queryClient = useQueryClient();
  const key = queryKeys.brandingIn(language);
  return useMutation({
    mutationFn: (body: IdentityBody) => call(saveIdentity, { body }),
    onSuccess: (saved) => {
      queryClient.removeQueries({ queryKey: queryKeys.brandingTexts, predicate: (query) => query.queryKey[2] !== key[2] });
      // The identity's answer carries the default language's texts: the texts shown are kept.
      queryClient.setQueryData<BrandingConfig>(key, (shown) => (shown ? { ...shown, identity: saved.identity, identity_saved: saved.identity_saved } : saved));
    },
  });
}

export function useSavePage(language: CustomerLanguage | undefined) {
  const queryClient = useQueryClient();
  const key = queryKeys.brandingIn(language);
  return useMutation({
    mutationFn: (body: PageBody) => call(savePage, { body }),
    onSuccess: (saved) => {
      queryClient.removeQueries({ queryKey: queryKeys.brandingTexts, predicate: (query) => query.queryKey[2] !== key[2] });
      queryClient.setQueryData(key, saved);
    },
  });
}

/**
 * Stores a logo and answers its key; nothing changes on the pages until the identity is saved with
 * that key. The body is the file itself: the server judges it by its content, not by its name.
 */
export function useUploadLogo() {
  return useMutation({
    mutationFn: (file: File) => apiFetch<StoredLogo>(urlOf(uploadBrandingLogo), { method: uploadBrandingLogo.method, body: file }),
  });
}

/**
 * The review page as the server renders it for `body` (serialised: one cache entry per set of
 * values). The previous page stays on screen while the next one loads.
 */
export function useBrandingPreview(serialized: string) {
  return useQuery({
    queryKey: queryKeys.brandingPreview(serialized),
    queryFn: ({ signal }) => call(previewReviewPage, { body: JSON.parse(serialized) as PreviewBody, signal }),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 60_000,
    // A failed preview says so at once; the next change (or 'Réessayer') asks again.
    retry: false,
    // A POST (the form's values travel in its body): a page the server draws leaves the preview to
    // the browser (src/web/server-render.tsx).
    meta: { browserOnly: true },
  });
}
