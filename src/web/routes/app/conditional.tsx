import { zodResolver } from '@hookform/resolvers/zod';
import { Store } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useRatingActions, useSaveRatingActions, type RatingActionsConfig } from '#web/api/rating-actions';
import { RatingActionCard } from '#web/components/conditional/RatingActionCard';
import { formValues, RATINGS, ratingActionsSchema, type RatingActionsFormOutput, type RatingActionsFormValues } from '#web/components/conditional/rating-actions';
import { SamePathSection } from '#web/components/conditional/SamePathSection';
import { CompliancePanel } from '#web/components/conditional/CompliancePanel';
import { EmptyState } from '#web/components/ui/EmptyState';
import { QueryState } from '#web/components/ui/QueryState';
import { messages } from '#web/i18n';
import { isNoStore, serverMessage } from '#web/lib/api';
import { usePageHeader } from '#web/lib/page-header';
import { useTransientMessage } from '#web/lib/use-transient-message';
import { InfoNotice } from '#web/components/ui/InfoNotice';
import { SaveBar } from '#web/components/ui/SaveBar';

const t = messages.conditional;

/**
 * /app/conditional, the rating actions (docs/product/screens.md, docs/product/statuses.md 'Public review flow', docs/product/validation.md, docs/product/limits.md): one card per
 * rating, 5 to 1, saved together; the "same path for every rating" setting and the review-gating
 * warning (docs/product/stances.md). Until the merchant saves, the server sends the spec's defaults.
 * Below, the compliance evidence (issue 18): what is recorded, its exports, the latest changes.
 */
export default function ConditionalActionsScreen() {
  usePageHeader(t.title, t.subtitle);

  const query = useRatingActions();
  const error = query.error;
  const reason = serverMessage(error) ? ` ${serverMessage(error)}` : '';

  return (
    <div className="space-y-6">
      {isNoStore(error) ? (
        <NoStore />
      ) : (
        <QueryState query={query} loadingLabel={t.loading} errorMessage={`${t.loadError}${reason}`}>
          {/* A new store id (another shop connected) starts a fresh form. */}
          {(data) => <RatingActionsForm key={data.store_id} data={data} />}
        </QueryState>
      )}
      {/* The evidence belongs to the store: shown once one is there, whatever the form's state. */}
      {!isNoStore(error) && <CompliancePanel />}
    </div>
  );
}

function NoStore() {
  return (
    <EmptyState icon={Store} heading={t.noStore.heading} action={{ to: '/app/integrations', label: t.noStore.link }}>
      {t.noStore.body}
    </EmptyState>
  );
}

function RatingActionsForm({ data }: { data: RatingActionsConfig }) {
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
  } = useForm<RatingActionsFormValues, unknown, RatingActionsFormOutput>({
    resolver: zodResolver(ratingActionsSchema),
    defaultValues: formValues(data),
  });

  const save = useSaveRatingActions();
  const submit = (body: RatingActionsFormOutput) => {
    notice.clear();
    save.mutate(body, {
      onSuccess: (saved) => {
        reset(formValues(saved));
        notice.show(t.saved);
      },
    });
  };
  const busy = save.isPending;

  const enableSamePath = () => {
    setValue('same_path_for_all_ratings', true, { shouldDirty: true });
    // The warning and its button go away: the focus moves to the setting it changed.
    requestAnimationFrame(() => setFocus('same_path_for_all_ratings'));
  };

  return (
    <form noValidate aria-label={t.formLabel} aria-busy={busy || undefined} onSubmit={handleSubmit(submit)} className="space-y-6">
      {!data.saved && <InfoNotice heading={t.defaults.heading} body={t.defaults.body} />}

      <SamePathSection control={control} register={register} onEnable={enableSamePath} />

      <section aria-labelledby={listId} className="space-y-4">
        <h2 id={listId} className="sr-only">
          {t.ratings.label}
        </h2>
        {RATINGS.map((rating, index) => (
          <RatingActionCard key={rating} index={index} rating={rating} control={control} register={register} errors={errors} />
        ))}
      </section>

      <SaveBar onDiscard={() => reset()} busy={busy} dirty={isDirty} notice={notice.message} error={save.isError ? save.error.message : null} />
    </form>
  );
}
