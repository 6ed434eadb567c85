import type { RequestChannel, ReviewRequestStatus } from '../../../core/domain';

/** One review request as listed by GET /api/review-requests. */
export interface RequestItem {
  id: string;
  customer_name: string | null;
  customer_email: string | null;
  order_number: string | null;
  shopify_order_id: string | null;
  status: ReviewRequestStatus;
  /** ISO date. */
  scheduled_at: string;
  sent_at: string | null;
  channel: RequestChannel;
  token: string;
  attempts: number;
  last_error: string | null;
  /** Counted sent without proof (transmission cut during its data): may be re-sent by the merchant. */
  unconfirmed: boolean;
  created_at: string;
}

/** GET /api/review-requests?page=N: newest scheduled first, `page_size` a page. */
export interface RequestPage {
  store_id: string;
  items: RequestItem[];
  total: number;
  page: number;
  page_size: number;
}

/** POST /functions/v1/process-review-requests (send now). */
export interface ProcessResponse {
  success?: boolean;
  processed?: number;
  failed?: number;
  quota_exceeded?: boolean;
  plan?: string;
  quota?: number;
  used?: number;
  error?: string;
}

/** POST /functions/v1/shopify-count-orders */
export interface CountOrdersResponse {
  success?: boolean;
  count?: number;
  error?: string;
}

/** POST /functions/v1/shopify-import-history */
export interface ImportHistoryResponse {
  success?: boolean;
  synced_count?: number;
  scheduled_count?: number;
  error?: string;
}

/** What shopify-import-history is asked: now, or spread over days (0 = Sunday … 6 = Saturday, UTC hour). */
export type ImportHistoryRequest =
  | { shop_id: string; immediate: true }
  | { shop_id: string; immediate: false; days_to_spread: number; send_days: number[]; send_hour: number };

/** POST /api/review-requests/share-link */
export interface ShareLinkResponse {
  request_id: string;
  token: string;
  /** Absolute: {origin}/review/{token}. */
  url: string;
}

export const reviewRequestsPath = '/api/review-requests';
export const processRequestsPath = '/functions/v1/process-review-requests';
export const countOrdersPath = '/functions/v1/shopify-count-orders';
export const importHistoryPath = '/functions/v1/shopify-import-history';
export const shareLinkPath = '/api/review-requests/share-link';

/** Query key of the calendar's pages (invalidate the prefix after any change). */
export const reviewRequestsQueryKey = ['review-requests'] as const;
