import type { LegalFacts } from '@cuewave/contract/contact';
import type { FeatureDeps } from '../../deps';

/**
 * What the legal pages need to be true for this installation: the seller printed on receipts, the
 * addresses that answer, and which processors are configured. Storage has no kind of its own; a store
 * that can presign a URL (computed locally, no request) is the S3 bucket.
 */
export async function legalFacts(deps: Pick<FeatureDeps, 'providers' | 'config' | 'storage'>): Promise<LegalFacts> {
  const { providers, config } = deps;
  const presigned = await deps.storage
    .presignedUrl('legal-probe', { expiresSeconds: 60, downloadName: 'probe', contentType: 'text/plain' })
    .catch(() => null);
  return {
    seller: config.seller,
    supportEmail: config.supportEmail,
    salesEmail: config.salesEmail,
    processors: {
      payments: providers.payments.kind,
      email: providers.email.kind,
      sms: providers.sms.kind,
      captcha: providers.captcha.kind,
      embeddings: providers.embeddings.model.startsWith('embedded-') ? 'embedded' : 'external',
      storage: presigned ? 's3' : 'local',
    },
  };
}
