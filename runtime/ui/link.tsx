// Links inside the store, on React Router's own hooks for custom links (`useHref`,
// `useLinkClickHandler`). Its <Link> and <NavLink> bring prefetching, masks and view transitions
// the store never uses, and React Router's module is in the first script, so every part of it any
// screen imports is downloaded before the goods show (docs/performance.md, "Initial JavaScript:
// the 123 KB headroom"). Lint keeps the runtime on these (biome.json).
import { type AnchorHTMLAttributes, type MouseEvent, useMemo } from "react";
import { useHref, useLinkClickHandler, useLocation, useResolvedPath } from "react-router-dom";

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** A path of the store, with its query if any. */
  to: string;
}

/** An <a> to a path of the store: a plain click navigates in the page, a modified one (new tab…) is the browser's. */
export function Link({ to, onClick, target, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { target });
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} href={href} target={target} onClick={click} />;
}

/**
 * A navigation item: `active` and `aria-current="page"` while the page shown is its path or below
 * it, as React Router's NavLink (without case, as it matches routes).
 */
export function NavLink({ to, className, ...rest }: LinkProps) {
  const { pathname } = useLocation();
  const current = pathname.toLowerCase();
  const own = useResolvedPath(to).pathname.toLowerCase();
  const active = current === own || (current.startsWith(own) && current.charAt(own.length) === "/");
  const classes = [className, active ? "active" : undefined].filter(Boolean).join(" ");
  return <Link {...rest} to={to} className={classes || undefined} aria-current={active ? "page" : undefined} />;
}

/** The query of the page shown, read-only (the store never writes it through the router); one object per query. */
export function useSearchParams(): [URLSearchParams] {
  const { search } = useLocation();
  return [useMemo(() => new URLSearchParams(search), [search])];
}
