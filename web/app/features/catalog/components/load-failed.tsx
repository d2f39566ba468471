import { useRevalidator } from 'react-router';
import { AlertTriangle, RotateCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';

/** A load failed on the server side: say so kindly and offer a retry (spec §8: the list is empty). */
export function LoadFailed({ what = 'this list' }: { what?: string }) {
  const revalidator = useRevalidator();
  return (
    <EmptyState
      icon={<AlertTriangle />}
      title={`We couldn't load ${what}`}
      description="Something went wrong on our side. Please try again in a moment."
      actions={
        <Button
          variant="secondary"
          icon={<RotateCw />}
          loading={revalidator.state === 'loading'}
          onClick={() => void revalidator.revalidate()}
        >
          Try again
        </Button>
      }
      headingLevel={3}
      role="alert"
      compact
    />
  );
}
