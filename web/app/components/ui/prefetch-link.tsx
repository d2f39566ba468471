import { Link, NavLink, type LinkProps, type NavLinkProps } from 'react-router';
import { useLinkPrefetch } from '../../lib/prefetch';

/**
 * The store's navigation links: React Router's Link and NavLink that prefetch the next page's code and
 * data on intent (hover, focus, touch start), except on Save-Data or 2g connections (spec §9). A
 * `prefetch` given explicitly wins.
 */
export function PrefetchLink(props: LinkProps & { ref?: React.Ref<HTMLAnchorElement> }) {
  const prefetch = useLinkPrefetch();
  return <Link prefetch={prefetch} {...props} />;
}

export function PrefetchNavLink(props: NavLinkProps & { ref?: React.Ref<HTMLAnchorElement> }) {
  const prefetch = useLinkPrefetch();
  return <NavLink prefetch={prefetch} {...props} />;
}
