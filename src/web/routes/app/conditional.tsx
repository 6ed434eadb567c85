import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Info, Store } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { RatingActionCard } from '../../components/conditional/RatingActionCard';
import {
  formValues,
  RATINGS,
  ratingActionsPath,
  ratingActionsQueryKey,
  ratingActionsSchema,
  type RatingActionsBody,
  type RatingActionsFormValues,
  type RatingActionsResponse,
} from '../../components/conditional/rating-actions';
import { SamePathSection } from '../../components/conditional/SamePathSection';
import { ErrorAlert, SuccessAlert } from '../../components/ui/Alert';
import { EmptyState } from '../../components/ui/EmptyState';
import { Spinner } from '../../components/ui/Spinner';
import { messages } from '../../i18n';
import { ApiError, apiFetch } from '../../lib/api';
import { usePageHeader } from '../../lib/page-header';
import { useTransientMessage } from '../../lib/use-transient-message';
import { SubmitButton } from '../../components/ui/SubmitButton';

const t = messages.conditional;

/**
 * /app/conditional, the rating actions (spec sections 2, 4 'Public review flow', 5, 9): one card per
 * rating, 5 to 1, saved together; the "same path for every rating" setting and the review-gating
 * warning (GUIDE, product stances). Until the merchant saves, the server sends the spec's defaults.
 */
export default function ConditionalActionsScreen() {
  usePageHeader(t.title, t.subtitle);

  const query = useQuery({
    queryKey: ratingActionsQueryKey,
    queryFn: ({ signal }) => apiFetch<RatingActionsResponse>(ratingActionsPath, { signal }),
  });

  let body: ReactNode;
  if (query.isPending) {
    body = <Spinner label={t.loading} className="rounded-2xl border border-slate-200 bg-white py-12" />;
  } else if (query.isError) {
    const error = query.error;
    body =
      error instanceof ApiError && error.status === 404 ? (
        <NoStore />
      ) : (
        <ErrorAlert
          retry={{ label: t.retry, onRetry: () => void query.refetch(), busy: query.isFetching }}
        >
          <p className="font-medium">{t.loadError}</p>
          {error.message !== messages.common.errorFallback && <p className="mt-1">{error.message}</p>}
        </ErrorAlert>
      );
  } else {
    // A new store id (another shop connected) starts a fresh form.
    body = <RatingActionsForm key={query.data.store_id} data={query.data} />;
  }

  return <div className="space-y-6">{body}</div>;
}

function NoStore() {
  return (
    <EmptyState icon={Store} heading={t.noStore.heading} action={{ to: '/app/integrations', label: t.noStore.link }}>
      {t.noStore.body}
    </EmptyState>
  );
}

function DefaultsNotice() {
  return (
    <div className="flex items-start gap-2 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>
        <p className="font-semibold">{t.defaults.heading}</p>
        <p className="mt-1">{t.defaults.body}</p>
      </div>
    </div>
  );
}

function RatingActionsForm({ data }: { data: RatingActionsResponse }) {
  const queryClient = useQueryClient();
  const notice = useTransientMessage();
  const listId = useId();

  const {
    register,
    control,
    handleSubmit,
    reset,
    setValue,
    setFocus,
    formState: { errors, isDirty },
  } = useForm<RatingActionsFormValues, unknown, RatingActionsBody>({
    resolver: zodResolver(ratingActionsSchema),
    defaultValues: formValues(data),
  });

  const save = useMutation({
    mutationFn: (body: RatingActionsBody) =>
      apiFetch<RatingActionsResponse>(ratingActionsPath, { method: 'PUT', body }),
    onMutate: () => notice.clear(),
    onSuccess: (saved) => {
      queryClient.setQueryData(ratingActionsQueryKey, saved);
      reset(formValues(saved));
      notice.show(t.saved);
    },
  });
  const busy = save.isPending;

  const enableSamePath = () => {
    setValue('same_path_for_all_ratings', true, { shouldDirty: true });
    // The warning and its button go away: the focus moves to the setting it changed.
    requestAnimationFrame(() => setFocus('same_path_for_all_ratings'));
  };

  return (
    <form
      noValidate
      aria-label={t.formLabel}
      aria-busy={busy || undefined}
      onSubmit={handleSubmit((body) => save.mutate(body))}
      className="space-y-6"
    >
      {!data.saved && <DefaultsNotice />}

      <SamePathSection control={control} register={register} onEnable={enableSamePath} />

      <section aria-labelledby={listId} className="space-y-4">
        <h2 id={listId} className="sr-only">
          {t.ratings.label}
        </h2>
        {RATINGS.map((rating, index) => (
          <RatingActionCard
            key={rating}
            index={index}
            rating={rating}
            control={control}
            register={register}
            errors={errors}
          />
        ))}
      </section>

      <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        {notice.message && <SuccessAlert>{notice.message}</SuccessAlert>}
        {save.isError && <ErrorAlert>{save.error.message}</ErrorAlert>}
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton busy={busy} busyLabel={t.saving}>
            {t.save}
          </SubmitButton>
          {isDirty && !busy && <p className="text-sm text-slate-600">{t.unsaved}</p>}
        </div>
      </div>
    </form>
  );
}
