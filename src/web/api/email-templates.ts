/**
 * The active review-request template: GET and PUT /api/email-templates/active, the template logo's
 * upload (POST /api/email-templates/logo, the file as the body) and the test e-mail.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readEmailTemplate, saveEmailTemplate, sendTestEmail, uploadTemplateLogo, type TemplateBody } from '#core/api/email-templates';
import type { StoredLogo } from '#core/api/branding';
import type { CustomerLanguage } from '#core/customer-language';
import { apiFetch } from '../lib/api';
import { call, urlOf } from './client';
import { queryKeys } from './keys';

export type { EmailTemplateConfig, TemplateBody, TemplateFields } from '#core/api/email-templates';
export type { StoredLogo } from '#core/api/branding';

/** The template in a language (undefined: the store's default), its page texts, branding and preview sample (`saved: false`: the shipped texts). */
export function useEmailTemplate(language: CustomerLanguage | undefined) {
  return useQuery({ queryKey: queryKeys.emailTemplateIn(language), queryFn: ({ signal }) => call(readEmailTemplate, { query: { language }, signal }) });
}

/**
 * Saves a template (its body names its language); `language`: the one the screen asked for, whose
 * cached answer it becomes. The answer (what the server kept, with its warnings)
 * is kept, and the other languages are read afresh when shown (their list says which languages have
 * the merchant's template).
 */
export function useSaveEmailTemplate(language: CustomerLanguage | undefined) {
  const queryClient = useQueryClient();
  const key = queryKeys.emailTemplateIn(language);
  return useMutation({
    mutationFn: (body: TemplateBody) => call(saveEmailTemplate, { body }),
    onSuccess: (saved) => {
      queryClient.removeQueries({ queryKey: queryKeys.emailTemplate, predicate: (query) => query.queryKey[2] !== key[2] });
      queryClient.setQueryData(key, saved);
    },
  });
}

/**
 * Uploads a logo: the file itself is the request body (the server judges it by its content, not by
 * its name or type). Nothing changes in the template until it is saved with the returned key.
 */
export function useUploadTemplateLogo() {
  return useMutation({
    mutationFn: (file: File) => apiFetch<StoredLogo>(urlOf(uploadTemplateLogo), { method: uploadTemplateLogo.method, body: file }),
  });
}

/** Sends the template as edited (saved or not; `language`: the one it is written in) to the merchant's own address. */
export function useSendTestEmail() {
  return useMutation({ mutationFn: (body: TemplateBody) => call(sendTestEmail, { body }) });
}
