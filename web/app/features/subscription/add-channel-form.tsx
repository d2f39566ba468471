import { useId, useState, type FormEvent } from 'react';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CHANNEL_EXAMPLES, CHANNEL_TYPES, normaliseChannelUrl, type ChannelType } from '@cuewave/contract/licence';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { useRefreshViewer } from '../auth/use-viewer';
import { useApiErrorText } from '../registration/error-messages';
import * as api from './api';
import { channelUrlProblemText } from './channel-url-text';
import { channelLabel } from './status';
import styles from './subscription.module.css';

/**
 * Adds a channel. The address is checked as it is checked on the server (normaliseChannelUrl of the
 * contract) when the field is left and on submit, so the message is the same either way.
 */
export function AddChannelForm() {
  const [type, setType] = useState<ChannelType>('youtube');
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const typeId = useId();
  const toast = useToast();
  const refresh = useRefreshViewer();
  const { t } = useTranslation('subscription');
  const errorText = useApiErrorText();

  const check = (value: string, forType: ChannelType) => {
    const result = normaliseChannelUrl(forType, value);
    setError(result.ok ? null : channelUrlProblemText(forType, result.message, t));
    return result;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = check(url, type);
    if (!result.ok) return;
    setSaving(true);
    try {
      const channel = await api.addChannel({ type, url: result.url });
      setUrl('');
      toast.success(t('channels.added', { platform: channelLabel(channel.type, t) }));
      await refresh();
    } catch (e) {
      // 400 and 409 name the problem (a bad address, a duplicate, the plan's limit): show it at the field.
      if (e instanceof ApiError && (e.status === 400 || e.status === 409)) setError(e.body.message);
      else toast.error(errorText(e));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className={styles.addForm} onSubmit={submit} noValidate data-testid="add-channel-form">
      <div className={styles.field}>
        <label htmlFor={typeId} className={styles.label}>
          {t('channels.platform')}
        </label>
        <select
          id={typeId}
          className={styles.select}
          value={type}
          onChange={(e) => {
            const next = e.target.value as ChannelType;
            setType(next);
            if (url.trim()) check(url, next);
          }}
          data-testid="channel-type"
        >
          {CHANNEL_TYPES.map((channelType) => (
            <option key={channelType} value={channelType}>
              {channelLabel(channelType, t)}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label={t('channels.address')}
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder={CHANNEL_EXAMPLES[type]}
        value={url}
        error={error}
        onChange={(e) => {
          setUrl(e.target.value);
          if (error) setError(null);
        }}
        onBlur={() => {
          if (url.trim()) check(url, type);
        }}
        data-testid="channel-url"
      />
      <Button type="submit" icon={<Plus />} loading={saving} data-testid="add-channel">
        {t('channels.add')}
      </Button>
    </form>
  );
}
