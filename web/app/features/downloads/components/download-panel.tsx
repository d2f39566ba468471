import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { AlertCircle, CheckCircle2, Download, Pause, Play } from 'lucide-react';
import type { Product } from '@cuewave/contract/catalog';
import { DOWNLOAD_FORMATS, type DownloadFile, type DownloadFormat } from '@cuewave/contract/downloads';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { formatDuration } from '../../../lib/format';
import { fileDescription, fileLabel } from '../file-texts';
import { Waveform } from '../../player/waveform';
import { percentOf, type DownloadProgress } from '../run-download';
import {
  downloadOptions,
  initialSelection,
  picks,
  savePlan,
  setAllStems,
  setItemFormat,
  toggleItem,
  type DownloadOption,
  type Selection,
} from '../selection';
import { useAudition, type Audition } from '../use-audition';
import { useTrackDownload } from '../use-track-download';
import { DownloadCtaCard } from './download-cta';
import styles from './download-panel.module.css';

export const DOWNLOADS_PATH = '/dashboard/downloads';

/**
 * The download control (issue 12; spec §3 Stem item): tick the versions and stems wanted, a format
 * for each (MP3 by default, WAV), audition any of them, download. One file is saved as
 * `name.format`, several as `name.zip`. Used on the song page and in the track rows' dialog.
 */
export function DownloadPanel({
  product,
  headingLevel = 3,
  stickyFooter,
}: {
  product: Product;
  headingLevel?: 2 | 3;
  /** In a scrolling dialog: keep the download button in view at the bottom. */
  stickyFooter?: boolean;
}) {
  const { t } = useTranslation('downloads');
  const options = useMemo(() => downloadOptions(product), [product]);
  const [selection, setPicked] = useState<Selection>(() => initialSelection(options));
  const audition = useAudition();
  const download = useTrackDownload(product);
  // A new pick replaces the last download's outcome with what the next one will save.
  const setSelection = (change: (s: Selection) => Selection) => {
    download.reset();
    setPicked(change);
  };
  const chosen = picks(options, selection);
  const versions = options.filter((o) => o.kind === 'version');
  const stems = options.filter((o) => o.kind === 'stem');
  const running = download.state.status === 'running';
  const plan = chosen.length
    ? savePlan(
        product,
        chosen.map((p) => ({ ...p, fileName: '' })),
      )
    : null;

  if (download.state.status === 'denied') {
    return <DownloadCtaCard access={download.state.access} compact />;
  }
  if (!options.length) {
    return <p className={styles.muted}>{t('panel.noFiles')}</p>;
  }

  const Heading = `h${headingLevel}` as const;
  const allStems = stems.length > 0 && stems.every((s) => selection[s.file]?.isSelected);

  return (
    <div className={cx(styles.panel, stickyFooter && styles.sticky)} data-testid="download-panel">
      <fieldset className={styles.group} disabled={running}>
        <legend className={styles.legend}>
          <Heading className={styles.groupTitle}>{t('panel.versions')}</Heading>
        </legend>
        <ul role="list" className={styles.list}>
          {versions.map((option) => (
            <OptionRow
              key={option.file}
              option={option}
              selection={selection}
              onToggle={() => setSelection((s) => toggleItem(s, option.file))}
              onFormat={(format) => setSelection((s) => setItemFormat(s, option.file, format))}
              audition={audition}
            />
          ))}
        </ul>
      </fieldset>

      {stems.length ? (
        <fieldset className={styles.group} disabled={running}>
          <legend className={styles.legend}>
            <Heading className={styles.groupTitle}>{t('panel.stems')}</Heading>
          </legend>
          <label className={styles.allStems}>
            <input
              type="checkbox"
              checked={allStems}
              onChange={(e) => setSelection((s) => setAllStems(s, options, e.currentTarget.checked))}
              data-testid="download-all-stems"
            />
            {t('panel.allStems')}
          </label>
          <ul role="list" className={styles.list}>
            {stems.map((option) => (
              <OptionRow
                key={option.file}
                option={option}
                selection={selection}
                onToggle={() => setSelection((s) => toggleItem(s, option.file))}
                onFormat={(format) => setSelection((s) => setItemFormat(s, option.file, format))}
                audition={audition}
              />
            ))}
          </ul>
        </fieldset>
      ) : null}

      {audition.error ? (
        <p className={styles.error} role="alert">
          {t(audition.error)}
        </p>
      ) : null}

      <div className={styles.footer}>
        <div className={styles.summary} aria-live="polite">
          {download.state.status === 'running' ? (
            <ProgressView progress={download.state.progress} />
          ) : download.state.status === 'done' ? (
            <p className={styles.done} data-testid="download-done">
              <CheckCircle2 aria-hidden="true" />{' '}
              <Trans
                t={t}
                i18nKey="panel.saved"
                values={{ fileName: download.state.fileName }}
                components={{ strong: <strong />, history: <Link to={DOWNLOADS_PATH} className={styles.link} /> }}
              />
            </p>
          ) : download.state.status === 'limited' || download.state.status === 'failed' ? (
            <p className={styles.error} role="alert" data-testid="download-error">
              <AlertCircle aria-hidden="true" /> {download.state.message}
            </p>
          ) : plan ? (
            <p className={styles.muted} data-testid="download-save-as">
              <Trans
                t={t}
                i18nKey="panel.saveAs"
                count={chosen.length}
                values={{ fileName: plan.fileName }}
                components={{ strong: <strong className={styles.fileName} /> }}
              />
            </p>
          ) : (
            <p className={styles.muted}>{t('panel.selectOne')}</p>
          )}
        </div>
        <div className={styles.actions}>
          {running ? (
            <Button variant="secondary" onClick={download.cancel} data-testid="download-cancel">
              {t('cancel')}
            </Button>
          ) : null}
          <Button
            icon={<Download />}
            loading={running}
            disabled={!chosen.length}
            onClick={() => {
              audition.stop();
              void download.start(chosen);
            }}
            data-testid="download-start"
          >
            {chosen.length > 1 ? t('panel.downloadZip', { count: chosen.length }) : t('panel.download')}
          </Button>
        </div>
      </div>

      <audio
        ref={audition.audioRef}
        preload="none"
        aria-hidden="true"
        data-testid="audition-audio"
        {...audition.audioHandlers}
      />
    </div>
  );
}

function ProgressView({ progress }: { progress: DownloadProgress }) {
  const { t } = useTranslation('downloads');
  const percent = percentOf(progress);
  const text =
    progress.phase === 'requesting'
      ? t('progress.requesting')
      : progress.phase === 'preparing'
        ? t('progress.preparing', { ready: progress.ready, total: progress.total })
        : progress.phase === 'fetching'
          ? progress.files > 1
            ? percent !== null
              ? t('progress.fileOfPercent', { file: progress.file, files: progress.files, percent })
              : t('progress.fileOf', { file: progress.file, files: progress.files })
            : percent !== null
              ? t('progress.percent', { percent })
              : t('progress.downloading')
          : t('progress.saving');
  const value =
    progress.phase === 'preparing' && progress.total
      ? progress.ready / progress.total
      : percent !== null
        ? percent / 100
        : undefined;
  return (
    <div className={styles.progress} data-testid="download-progress" data-phase={progress.phase}>
      <p className={styles.muted}>{text}</p>
      <progress className={styles.bar} max={1} value={value} aria-label={t('progress.label')} />
    </div>
  );
}

type OptionRowProps = {
  option: DownloadOption;
  selection: Selection;
  onToggle(): void;
  onFormat(format: DownloadFormat): void;
  audition: Audition;
};

// Format names are the same in every language; their hints are `formats.<format>` texts.
const FORMAT_LABELS: Record<DownloadFormat, string> = { mp3: 'MP3', wav: 'WAV' };

function OptionRow({ option, selection, onToggle, onFormat, audition }: OptionRowProps) {
  const { t } = useTranslation('downloads');
  const id = useId();
  const item = selection[option.file];
  const label = fileLabel(t, option.file);
  const isPlaying = audition.playing === option.file;
  const isCurrent = audition.current === option.file;
  if (!item) return null;
  return (
    <li
      className={cx(styles.option, item.isSelected && styles.selected)}
      data-testid="download-option"
      data-file={option.file}
      data-selected={item.isSelected || undefined}
    >
      <input
        id={`${id}-check`}
        type="checkbox"
        className={styles.check}
        checked={item.isSelected}
        onChange={onToggle}
        aria-describedby={`${id}-desc`}
      />
      <label htmlFor={`${id}-check`} className={styles.name}>
        {label}
        <span id={`${id}-desc`} className={styles.description}>
          {fileDescription(t, option.file)}
        </span>
      </label>

      <button
        type="button"
        className={cx(styles.audition, isPlaying && styles.auditionOn)}
        onClick={() => option.previewId && audition.toggle(option.file, option.previewId, option.duration)}
        disabled={!option.previewId}
        aria-label={
          option.previewId
            ? t(isPlaying ? 'audition.pause' : 'audition.play', { label })
            : t('audition.none', { label })
        }
        title={option.previewId ? undefined : t('audition.unavailable')}
        data-testid="audition"
      >
        {isPlaying ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
      </button>

      <div className={styles.wave}>
        <Waveform
          peaks={option.waveform}
          position={isCurrent ? audition.position : 0}
          duration={isCurrent ? audition.duration || option.duration : option.duration}
          onSeek={(seconds) => {
            if (!option.previewId) return;
            if (!isCurrent) audition.toggle(option.file, option.previewId, option.duration);
            else audition.seek(seconds);
          }}
          label={t('audition.seek', { label })}
          disabled={!option.previewId}
        />
      </div>

      <span className={styles.meta}>
        <span className="visually-hidden">{t('duration')} </span>
        {formatDuration(option.duration)}
        {option.bpm ? <span className={styles.bpm}> · {t('bpm', { bpm: Math.round(option.bpm) })}</span> : null}
      </span>

      <FormatSwitch
        name={`${id}-format`}
        label={t('formats.label', { label })}
        value={item.selectedFileFormat}
        onChange={onFormat}
        file={option.file}
      />
    </li>
  );
}

function FormatSwitch({
  name,
  label,
  value,
  onChange,
  file,
}: {
  name: string;
  label: string;
  value: DownloadFormat;
  onChange(format: DownloadFormat): void;
  file: DownloadFile;
}) {
  const { t } = useTranslation('downloads');
  return (
    <div role="radiogroup" aria-label={label} className={styles.formats} data-testid={`format-${file}`}>
      {DOWNLOAD_FORMATS.map((format) => (
        <label
          key={format}
          className={cx(styles.format, value === format && styles.formatOn)}
          title={t(`formats.${format}`)}
        >
          <input
            type="radio"
            name={name}
            value={format}
            checked={value === format}
            onChange={() => onChange(format)}
            className={styles.radio}
          />
          {FORMAT_LABELS[format]}
        </label>
      ))}
    </div>
  );
}
