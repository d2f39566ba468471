import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Link2 } from 'lucide-react';
import { Button, type ButtonSize, type ButtonVariant } from '../../components/ui/button';
import { shareUrl } from './paths';

/**
 * Copies a public playlist's link. Where the clipboard is refused (an insecure origin, a denied
 * permission), the link is selected in a read-only field instead so it can be copied by hand.
 */
export function ShareLinkButton({
  playlistId,
  variant = 'secondary',
  size = 'md',
}: {
  playlistId: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
}) {
  const { t } = useTranslation('playlists');
  const [state, setState] = useState<'idle' | 'copied' | 'manual'>('idle');
  const fieldRef = useRef<HTMLInputElement>(null);
  const url = shareUrl(playlistId);

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = window.setTimeout(() => setState('idle'), 2500);
    return () => window.clearTimeout(timer);
  }, [state]);

  useEffect(() => {
    if (state === 'manual') fieldRef.current?.select();
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setState('copied');
    } catch {
      setState('manual');
    }
  }

  return (
    <>
      <Button
        variant={variant}
        size={size}
        icon={state === 'copied' ? <Check /> : <Link2 />}
        onClick={() => void copy()}
        data-testid="share-link"
        data-url={url}
      >
        {state === 'copied' ? t('share.copied') : t('share.copy')}
      </Button>
      {state === 'manual' ? (
        <input
          ref={fieldRef}
          readOnly
          value={url}
          aria-label={t('share.field')}
          onFocus={(event) => event.currentTarget.select()}
          style={{ minWidth: 0, flex: '1 1 240px' }}
          className="share-link-field"
        />
      ) : null}
      <span className="visually-hidden" role="status">
        {state === 'copied' ? t('share.announce') : ''}
      </span>
    </>
  );
}
