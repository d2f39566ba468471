import { useCallback, useState } from 'react';
import { useToast } from '../../components/ui/toast';
import { useRefreshViewer } from '../auth/use-viewer';
import { useApiErrorText } from '../registration/error-messages';

/**
 * Runs one subscription call: busy while it runs, then re-reads the page and the viewer (the
 * header's banner and the dashboard guard read the subscription too), and a toast either way.
 */
export function useSubscriptionCall() {
  const toast = useToast();
  const refresh = useRefreshViewer();
  const errorText = useApiErrorText();
  const [busy, setBusy] = useState(false);

  const run = useCallback(
    async (
      call: () => Promise<unknown>,
      messages: { success: string; failure?: string; treatAsSuccess?: (error: unknown) => boolean },
    ): Promise<boolean> => {
      setBusy(true);
      try {
        await call();
        toast.success(messages.success);
        await refresh();
        return true;
      } catch (error) {
        if (messages.treatAsSuccess?.(error)) {
          toast.success(messages.success);
          await refresh();
          return true;
        }
        toast.error(messages.failure ?? errorText(error));
        return false;
      } finally {
        setBusy(false);
      }
    },
    [toast, refresh, errorText],
  );

  return { busy, run, refresh };
}
