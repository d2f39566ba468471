/** Job kinds of the downloads feature (decision 055); a leaf so the service and the handlers share them. */
export const RENDITION_JOB = 'downloads.rendition';
/** One product's missing stem previews and lossless instrumental (asked for by a download). */
export const BACKFILL_PRODUCT_JOB = 'downloads.backfill-product';
/** The whole catalogue's, enqueued at start-up while anything is missing. */
export const BACKFILL_CATALOG_JOB = 'downloads.backfill';
