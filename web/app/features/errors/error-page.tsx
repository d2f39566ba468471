import { useEffect, useRef, type CSSProperties, type RefObject } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ArrowLeft, Compass } from 'lucide-react';
import type { Category } from '@cuewave/contract/catalog';
import { Button, ButtonLink } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { mediaUrl } from '../../lib/api';
import { useLocalizedPath } from '../shell/edition';
import { Header } from '../shell/header';
import { useGenres } from '../shell/use-genres';
import styles from './error-page.module.css';

/** Spec §9: six background cards, these sizes on desktop (120 px on mobile, in CSS). */
export const CARD_SIZES = [200, 200, 250, 200, 180, 200] as const;
/** Spec §9: each card's opacity is 0.3 + 0.1 × its index. */
export const cardOpacity = (index: number) => Math.round((0.3 + 0.1 * index) * 10) / 10;
/** Spec §9: the cards follow the mouse by up to this many pixels. */
export const PARALLAX_OFFSET = 15;

/** Where each card sits, as a share of the page (keeps the centre free for the message). */
const POSITIONS: Array<{ left: string; top: string }> = [
  { left: '5%', top: '10%' },
  { left: '79%', top: '7%' },
  { left: '9%', top: '55%' },
  { left: '77%', top: '53%' },
  { left: '29%', top: '80%' },
  { left: '57%', top: '82%' },
];

export type ErrorCopy = { title: string; message: string };

export function errorCopy(status: number, t: TFunction<'errors'>): ErrorCopy {
  return status === 404
    ? { title: t('notFound.title'), message: t('notFound.message') }
    : { title: t('failed.title'), message: t('failed.message') };
}

export type ErrorPageProps = {
  status: number;
  /** The requested path, shown on 404s as 'Page Not Found: {path}'. */
  path: string;
  /** Crawlers get a plain page: no header, cards or parallax (spec §2). */
  isBot?: boolean;
  /** Technical detail for development builds only. */
  detail?: string | null;
};

/** The error page of spec §2: 404 or a generic failure, over a faded, parallax wall of genre covers. */
export function ErrorPage({ status, path, isBot = false, detail }: ErrorPageProps) {
  if (isBot) return <PlainError status={status} path={path} />;
  return (
    <>
      <Header />
      <ErrorPanel status={status} path={path} detail={detail} as="main" />
    </>
  );
}

/** Crawlers get the message and a link home, nothing that moves (spec §2). */
function PlainError({ status, path, as = 'main' }: { status: number; path: string; as?: 'main' | 'section' }) {
  const { t } = useTranslation('errors');
  const copy = errorCopy(status, t);
  const Tag = as;
  return (
    <Tag id={as === 'main' ? 'main' : undefined} className={styles.plain}>
      <h1>{copy.title}</h1>
      <p>{copy.message}</p>
      {status === 404 ? <p>{t('notFound.path', { path })}</p> : null}
      <p>
        <a href="/">{t('homeLink')}</a>
      </p>
    </Tag>
  );
}

export type ErrorPanelProps = {
  status: number;
  path: string;
  detail?: string | null;
  /**
   * 'main' when the panel is the whole page (the root boundary); 'section' inside a layout that
   * already has its own <main> (catalogue, default and dashboard frames keep their header and nav).
   */
  as?: 'main' | 'section';
  /** The genre wall needs room; the dashboard's narrow column shows the message alone. */
  cards?: boolean;
  isBot?: boolean;
};

/**
 * The error message itself, for a layout's error boundary: the layout keeps its frame (header,
 * catalogue tabs, dashboard navigation) around it, so a 404 never looks like the site went away.
 */
export function ErrorPanel({ status, path, detail, as = 'section', cards = true, isBot = false }: ErrorPanelProps) {
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const { genres } = useGenres(cards && !isBot);
  const sectionRef = useRef<HTMLElement>(null);
  const { t } = useTranslation('errors');
  useParallax(sectionRef);
  if (isBot) return <PlainError status={status} path={path} as={as} />;
  const copy = errorCopy(status, t);
  const notFoundLine = status === 404 ? t('notFound.path', { path }) : null;
  const Tag = as;

  return (
    <Tag
      id={as === 'main' ? 'main' : undefined}
      ref={sectionRef}
      className={cx(styles.page, as === 'section' && styles.inFrame, !cards && styles.noCards)}
      data-testid="error-page"
      data-status={status}
      aria-labelledby="error-title"
    >
      <div className={styles.glow} aria-hidden="true" />
      <div className={styles.content}>
        <p className={styles.status} aria-hidden="true">
          {status}
        </p>
        <h1 className={styles.title} id="error-title">
          {copy.title}
        </h1>
        <p className={styles.message}>{copy.message}</p>
        {notFoundLine ? (
          <p className={styles.path} data-testid="not-found-path">
            {notFoundLine}
          </p>
        ) : null}
        {detail ? <pre className={styles.detail}>{detail}</pre> : null}
        <div className={styles.actions}>
          <Button
            size="lg"
            icon={<ArrowLeft />}
            onClick={() => navigate(localized('/'), { replace: true })}
            data-testid="error-return"
          >
            {t('returnHome')}
          </Button>
          <ButtonLink to="/c/genres" size="lg" variant="secondary" icon={<Compass />}>
            {t('browseMusic')}
          </ButtonLink>
        </div>
      </div>
      {cards ? <GenreCards genres={genres} /> : null}
    </Tag>
  );
}

function GenreCards({ genres }: { genres: Category[] | null }) {
  const { t } = useTranslation('errors');
  if (!genres?.length) return null;
  // Covers first: a card without artwork is only a gradient.
  const picked = [...genres].sort((a, b) => Number(!!b.fileID) - Number(!!a.fileID)).slice(0, CARD_SIZES.length);
  return (
    <nav className={styles.cards} aria-label={t('exploreGenres')} data-testid="error-cards">
      {picked.map((genre, index) => {
        const size = CARD_SIZES[index]!;
        const position = POSITIONS[index]!;
        const style = {
          '--size': `${size}px`,
          '--opacity': cardOpacity(index),
          '--depth': index % 2 === 0 ? 1 : -0.7,
          left: position.left,
          top: position.top,
          animationDelay: `${index * 70}ms`,
        } as CSSProperties;
        return (
          <Link
            key={genre.id}
            to={`/c/genres/${encodeURIComponent(genre.id)}/all`}
            className={styles.card}
            style={style}
            aria-label={t('exploreGenre', { genre: genre.name })}
            data-testid="error-card"
          >
            {genre.fileID ? <img src={mediaUrl(genre.fileID)} alt="" loading="lazy" draggable={false} /> : null}
          </Link>
        );
      })}
    </nav>
  );
}

/** Moves the cards up to PARALLAX_OFFSET px against the pointer, via CSS variables (no re-render). */
function useParallax(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    let frame = 0;
    let x = 0;
    let y = 0;
    const apply = () => {
      frame = 0;
      el.style.setProperty('--mx', `${(-x * PARALLAX_OFFSET).toFixed(2)}px`);
      el.style.setProperty('--my', `${(-y * PARALLAX_OFFSET).toFixed(2)}px`);
    };
    const onMove = (event: MouseEvent) => {
      x = (event.clientX / window.innerWidth) * 2 - 1;
      y = (event.clientY / window.innerHeight) * 2 - 1;
      if (!frame) frame = requestAnimationFrame(apply);
    };
    window.addEventListener('mousemove', onMove, { passive: true });
    return () => {
      window.removeEventListener('mousemove', onMove);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [ref]);
}
