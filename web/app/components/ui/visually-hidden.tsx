import type { ElementType, ReactNode } from 'react';

/** Content for screen readers only. */
export function VisuallyHidden({
  children,
  as: Tag = 'span',
  id,
}: {
  children: ReactNode;
  as?: ElementType;
  id?: string;
}) {
  return (
    <Tag className="visually-hidden" id={id}>
      {children}
    </Tag>
  );
}
