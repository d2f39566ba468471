import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { X } from 'lucide-react';
import { cx } from './cx';
import styles from './chip.module.css';

type ChipBase = {
  children: ReactNode;
  icon?: ReactNode;
  /** A selected chip is filled; as a button it also gets aria-pressed. */
  selected?: boolean;
  size?: 'sm' | 'md';
  className?: string;
};

export type ChipProps = ChipBase & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'>;

/** A toggle-able filter chip (a button with aria-pressed). */
export function Chip({
  children,
  icon,
  selected = false,
  size = 'md',
  className,
  type = 'button',
  ...rest
}: ChipProps) {
  return (
    <button
      type={type}
      aria-pressed={selected}
      className={cx(
        styles.chip,
        styles.interactive,
        selected && styles.selected,
        size === 'sm' && styles.sm,
        className,
      )}
      {...rest}
    >
      {icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      {children}
    </button>
  );
}

export type ChipLinkProps = ChipBase & LinkProps;

/** A chip that navigates (e.g. a subgenre shortcut). */
export function ChipLink({ children, icon, selected = false, size = 'md', className, ...rest }: ChipLinkProps) {
  return (
    <Link
      aria-current={selected ? 'page' : undefined}
      className={cx(
        styles.chip,
        styles.interactive,
        selected && styles.selected,
        size === 'sm' && styles.sm,
        className,
      )}
      {...rest}
    >
      {icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      {children}
    </Link>
  );
}

export type RemovableChipProps = ChipBase & { onRemove: () => void; removeLabel?: string };

/** A static chip with a remove button, for active filters. */
export function RemovableChip({ children, icon, onRemove, removeLabel, size = 'md', className }: RemovableChipProps) {
  return (
    <span className={cx(styles.chip, size === 'sm' && styles.sm, className)}>
      {icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      {children}
      <button
        type="button"
        className={styles.remove}
        onClick={onRemove}
        aria-label={removeLabel ?? `Remove ${typeof children === 'string' ? children : 'filter'}`}
      >
        <X aria-hidden="true" />
      </button>
    </span>
  );
}

export type TagProps = {
  children: ReactNode;
  to?: LinkProps['to'];
  tone?: 'neutral' | 'accent';
  className?: string;
};

/** Quiet metadata label; a link when `to` is given. */
export function Tag({ children, to, tone = 'neutral', className }: TagProps) {
  const cls = cx(styles.tag, tone === 'accent' && styles.tagAccent, className);
  if (to !== undefined) {
    return (
      <Link to={to} className={cls}>
        {children}
      </Link>
    );
  }
  return <span className={cls}>{children}</span>;
}
