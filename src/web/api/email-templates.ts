/**
 * The active review-request template: GET and PUT /api/email-templates/active, the template logo's
 * upload (POST /api/email-templates/logo, the file as the body) and the test e-mail.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readEmailTemplate, saveEmailTemplate, sendTestEmail, uploadTemplateLogo, type TemplateBody } from '#core/api/email-templates';
import type { StoredLogo } from '#core/api/branding';
import { apiFetch } from '../lib/api';
import { call, urlOf } from './client';
import { queryKeys } from './keys';

export type { EmailTemplateConfig, TemplateBody, TemplateFields } from '#core/api/email-templates';
export type { StoredLogo } from '#core/api/branding';

/** The template, its page texts, branding and preview sample (`saved: false`: the spec's defaults). */
export function useEmailTemplate() {
  return useQuery({ queryKey: queryKeys.emailTemplate, queryFn: ({ signal }) => call(readEmailTemplate, { signal }) });
}

/** Saves the template; the answer (what the server kept, with its warnings) becomes the cached one. */
export function useSaveEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TemplateBody) => call(saveEmailTemplate, { body }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.emailTemplate, saved),
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

/** Sends the template as edited (saved or not) to the merchant's own address. */
export function useSendTestEmail() {
  return useMutation({ mutationFn: (body: TemplateBody) => call(sendTestEmail, { body }) });
}
